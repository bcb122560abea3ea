/**
 * A run reports a stack variant under its version with the variant as build metadata
 * (`4.2.3+parallel-gc`; the head of an A/B of two WSDLs is `4.2.3+head`, a variant's head
 * `4.2.3+parallel-gc+head`). A manifest cannot name a variant `head`.
 */
const head = 'head';

/** The variant a reported version names, or undefined for the default configuration (and its head). */
export function stackVariant(version: string): string | undefined {
  const plus = version.indexOf('+');
  if (plus < 0) return undefined;
  const first = version.slice(plus + 1).split('+')[0];
  return first && first !== head ? first : undefined;
}

/** A reported version for people: `4.2.3 + parallel-gc`, so a variant never reads as a version of its own. */
export function formatStackVersion(version: string): string {
  const variant = stackVariant(version);
  if (!variant) return version;
  return `${version.replace(`+${variant}`, '')} + ${variant}`;
}

/** What a workload calls a stack: `id`, `id@version`, `id+variant` or `id@version+variant`. */
export function workloadStackName(
  id: string,
  version: string | undefined,
  variant: string | undefined,
): string {
  return `${id}${version ? `@${version}` : ''}${variant ? `+${variant}` : ''}`;
}

/** The parts of a workload's stack name. */
export function parseWorkloadStackName(name: string): { id: string; version?: string; variant?: string } {
  const [rest, variant] = name.split('+', 2);
  const [id, version] = rest.split('@', 2);
  return { id, version: version || undefined, variant: variant || undefined };
}
