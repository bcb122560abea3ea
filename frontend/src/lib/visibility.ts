import type { Visibility } from '@/types/api-models';

type VisibilityOption = { value: Visibility; label: string; description: string };

/**
 * Who sees a run, in the same words on the form and on the run page (the backend's rule: docs/api.md).
 * Someone else asking for a private run gets 404, as for a run that does not exist.
 */
export const visibilityOptions: readonly VisibilityOption[] = [
  { value: 'public', label: 'Public', description: 'listed on the runs page and in histories' },
  { value: 'unlisted', label: 'Unlisted', description: 'anyone with the link, never listed' },
  { value: 'private', label: 'Private', description: 'only with your API token (others get not found)' },
];

/** `Unlisted — anyone with the link, never listed`; an unknown value is shown as it came. */
export function describeVisibility(visibility: string | undefined): string {
  const option = visibilityOptions.find((candidate) => candidate.value === visibility);
  return option ? `${option.label} — ${option.description}` : (visibility ?? '–');
}
