import type { CompareCell } from '@/types/api-models';

/**
 * How a chart's legend names a stack@version: its display name, with the version only where the
 * comparison holds several versions of that stack (an upgrade between runs).
 */
export function stackNamer(cells: CompareCell[]): (stack: string) => string {
  const stacks = cells.flatMap((cell) => cell.stacks);
  return (key) => {
    const stack = stacks.find((candidate) => candidate.stack === key);
    if (!stack) return key;
    const versions = new Set(stacks.filter((other) => other.id === stack.id).map((other) => other.version));
    return versions.size > 1 ? `${stack.displayName} ${stack.version}` : stack.displayName;
  };
}
