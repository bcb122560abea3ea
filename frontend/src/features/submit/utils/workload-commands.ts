import type { Visibility, Workload } from '@/types/api-models';

/** The name the copied commands read the workload from; the download saves it under this name. */
export const workloadFileName = 'workload.json';

// Never the token itself: copied text ends up in shell histories, chats and CI files.
const tokenHeader = '-H "Authorization: Bearer $SOAPBENCH_TOKEN"';
const tokenFlag = '--token "$SOAPBENCH_TOKEN"';

export type CommandSource =
  { kind: 'catalog'; catalog: string } | { kind: 'upload'; fileName: string; entry?: string };

export type CommandInput = {
  /** The instance the page is served from, e.g. https://soapbench.example */
  origin: string;
  source: CommandSource;
  workload: Workload;
  visibility: Visibility;
  /** The user has a token: the commands send $SOAPBENCH_TOKEN, as the form sends the token. */
  withToken: boolean;
};

/** A word as a POSIX shell reads it back unchanged: bare when it is safe, else in single quotes. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The workload file as the download saves it and the commands read it. */
export function workloadFileText(workload: Workload): string {
  return `${JSON.stringify(workload, null, 2)}\n`;
}

function runsUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/api/v1/runs`;
}

/**
 * The submission as curl: JSON for a catalog run, with the workload inline; multipart for an
 * upload, with the same fields submit-run.ts sends (wsdl, entry, workload, visibility) and the
 * workload read from workload.json.
 */
export function curlCommand({ origin, source, workload, visibility, withToken }: CommandInput): string {
  const parts = ['curl', '-X POST', runsUrl(origin)];
  if (source.kind === 'catalog') {
    parts.push("-H 'Content-Type: application/json'");
    if (withToken) parts.push(tokenHeader);
    parts.push('-d', shellQuote(JSON.stringify({ catalog: source.catalog, workload, visibility })));
    return parts.join(' ');
  }
  // curl writes the multipart Content-Type with its boundary itself.
  if (withToken) parts.push(tokenHeader);
  parts.push('-F', shellQuote(`wsdl=@${source.fileName}`));
  if (source.entry) parts.push('-F', shellQuote(`entry=${source.entry}`));
  parts.push('-F', `workload=@${workloadFileName}`, '-F', `visibility=${visibility}`);
  return parts.join(' ');
}

/** The submission as benchctl (workers/cmd/benchctl, docs/ci.md), reading the workload from workload.json. */
export function benchctlCommand({
  origin,
  source,
  visibility,
  withToken,
}: Omit<CommandInput, 'workload'>): string {
  const parts = ['benchctl submit', '--server', shellQuote(origin.replace(/\/+$/, ''))];
  if (withToken) parts.push(tokenFlag);
  if (source.kind === 'catalog') parts.push('--catalog', shellQuote(source.catalog));
  else {
    parts.push('--wsdl', shellQuote(source.fileName));
    if (source.entry) parts.push('--entry', shellQuote(source.entry));
  }
  parts.push('--workload', workloadFileName);
  if (visibility !== 'public') parts.push('--visibility', visibility);
  return parts.join(' ');
}
