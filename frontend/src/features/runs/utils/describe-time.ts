/** `about 40 s`, `about 3 min`, `about 1 h 20 min`: an estimate, never more precise than it is. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(5, Math.round(seconds / 5) * 5)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `about ${hours} h ${rest} min` : `about ${hours} h`;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * `45 s`, `3 min 05 s`, `1 h 02 min 05 s`: time that has passed, to the second, for a clock that
 * ticks. Seconds keep two digits past the first minute so that the line does not jump as it counts.
 */
export function formatElapsed(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${hours} h ${twoDigits(minutes)} min ${twoDigits(rest)} s`;
  if (minutes > 0) return `${minutes} min ${twoDigits(rest)} s`;
  return `${rest} s`;
}

/** Seconds from an ISO time to `now` (milliseconds); undefined without a readable time. */
export function secondsSince(iso: string | null | undefined, now: number): number | undefined {
  const from = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(from) ? undefined : Math.max(0, (now - from) / 1000);
}
