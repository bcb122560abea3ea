import type { StackVariant } from '@/types/api-models';

/** What a stack variant changes against the stack's default configuration, beside its name. */
export function VariantNote({ variant }: { variant: StackVariant | null | undefined }) {
  if (!variant) return null;
  const settings = Object.entries(variant.settings ?? {})
    .map(([key, value]) => `${key}=${value}`)
    .join(', ');
  return (
    <p className="hint variant-note">
      Variant <strong>{variant.id}</strong>
      {variant.description ? `: ${variant.description}` : ''}
      {settings ? <span className="muted"> ({settings})</span> : null}
    </p>
  );
}
