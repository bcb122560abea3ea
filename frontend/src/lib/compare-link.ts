/** The runs compared at once on /compare: five columns of figures per cell still fit a page. */
export const MAX_COMPARED_RUNS = 5;

/**
 * `/compare?runs=a,b&baseline=a`: the whole comparison lives in the address. Commas stay literal,
 * as people write the list; each run is encoded on its own.
 */
export function compareHref(runs: string[], baseline?: string): string {
  if (runs.length === 0) return '/compare';
  const list = runs.map(encodeURIComponent).join(',');
  return `/compare?runs=${list}${baseline ? `&baseline=${encodeURIComponent(baseline)}` : ''}`;
}
