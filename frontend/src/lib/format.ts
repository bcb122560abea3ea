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
