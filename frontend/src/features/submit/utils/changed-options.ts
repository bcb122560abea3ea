/** True when a typed number is set and is not the default: blank or invalid text is not a change. */
export function differsFrom(raw: string, fallback: number): boolean {
  const trimmed = raw.trim();
  if (trimmed === '') return false;
  const value = Number(trimmed);
  return Number.isFinite(value) && value !== fallback;
}
