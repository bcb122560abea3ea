const mebibyte = 1024 * 1024;

export function formatNumber(value: number | null | undefined, fractionDigits = 0): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  return value.toLocaleString('en-US', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
}

export function formatMillis(value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  return formatNumber(value, value < 10 ? 2 : 1);
}

export function bytesToMebibytes(bytes: number): number {
  return bytes / mebibyte;
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '–';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });
}

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Throughput keeps one decimal only where it still carries meaning. */
export function formatRate(value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  return formatNumber(value, Math.abs(value) < 100 ? 1 : 0);
}

export function formatPercent(fraction: number | null | undefined, fractionDigits = 1): string {
  if (fraction === null || fraction === undefined || Number.isNaN(fraction)) return '–';
  return `${formatNumber(fraction * 100, fractionDigits)} %`;
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '–';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-GB', { dateStyle: 'medium' });
}

/** `26 Nov, 05:20`: a point on a time line, short enough for a chart's axis. */
export function formatShortDateTime(iso: string | null | undefined): string {
  if (!iso) return '–';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/**
 * `40 s`, `12 min`, `3 h 10 min`: a length of time as estimates give it, never more precise than
 * a minute once it is past one (an estimate in seconds would claim a precision it does not have).
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || Number.isNaN(seconds)) return '–';
  const whole = Math.max(0, seconds);
  if (whole < 60) return `${Math.round(whole)} s`;
  const minutes = Math.round(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}
