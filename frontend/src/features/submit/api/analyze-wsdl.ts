import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import {
  securityModes,
  type PolicyChoice,
  type SecurityMode,
} from '@/features/submit/utils/workload-defaults';
import type { Analysis } from '@/types/api-models';

/**
 * How the run would be built: with remove, a WS-Policy in the WSDL does not make the stacks
 * unbuildable; with mtom, a stack that does not claim MTOM is.
 */
type AnalysedAs = { security: SecurityMode[]; policy?: PolicyChoice; mtom?: boolean };

export type AnalysisSource =
  | ({ kind: 'catalog'; catalog: string } & AnalysedAs)
  | ({ kind: 'upload'; wsdl: File; entry?: string } & AnalysedAs);

function orderedModes(security: SecurityMode[]): SecurityMode[] {
  return securityModes.filter((mode) => security.includes(mode));
}

export function analyzeWsdl(source: AnalysisSource, signal?: AbortSignal): Promise<Analysis> {
  const security = orderedModes(source.security);
  // keep and no MTOM are the server's defaults: only a removal and MTOM are sent, as in the workload.
  const remove = source.policy === 'remove';
  const mtom = source.mtom === true;
  if (source.kind === 'catalog') {
    return apiRequest<Analysis>('/analyses', {
      method: 'POST',
      json: {
        catalog: source.catalog,
        security,
        ...(remove ? { policy: 'remove' } : {}),
        ...(mtom ? { mtom: true } : {}),
      },
      signal,
    });
  }
  // The same fields as a run's upload (submit-run.ts), with the modes comma-separated.
  const form = new FormData();
  form.append('wsdl', source.wsdl, source.wsdl.name);
  if (source.entry) form.append('entry', source.entry);
  if (security.length > 0) form.append('security', security.join(','));
  if (remove) form.append('policy', 'remove');
  if (mtom) form.append('mtom', 'true');
  return apiRequest<Analysis>('/analyses', { method: 'POST', form, signal });
}

/** What tells one WSDL from another: a File has no identity a query key can hold, its name, size and time do. */
function wsdlKey(source: AnalysisSource | null): unknown[] {
  if (!source) return ['none'];
  if (source.kind === 'catalog') return ['catalog', source.catalog];
  const { name, size, lastModified } = source.wsdl;
  return ['upload', name, size, lastModified, source.entry ?? ''];
}

/** The switches a change of which keeps the last analysis on screen: the last members of the key. */
const SWITCHES = 2;

/** The WSDL, then how it is analysed: the policy and MTOM switches last, so that a key without them names the WSDL. */
function analysisKey(source: AnalysisSource | null): unknown[] {
  if (!source) return ['analysis', 'none'];
  return [
    'analysis',
    ...wsdlKey(source),
    orderedModes(source.security),
    source.policy ?? 'keep',
    source.mtom === true,
  ];
}

/** Whether two analyses are of the same WSDL with the same modes, whatever their policy and MTOM switches. */
function sameWsdl(previous: readonly unknown[] | undefined, key: unknown[]): boolean {
  return (
    !!previous && JSON.stringify(previous.slice(0, -SWITCHES)) === JSON.stringify(key.slice(0, -SWITCHES))
  );
}

/**
 * The analysis of the WSDL the form would send, asked once per WSDL, security modes, policy
 * choice and MTOM switch: the endpoint is rate limited as a write (429), so it is never refetched on its own,
 * never retried, and a change of anything else in the form does not ask again.
 */
export function useWsdlAnalysis(source: AnalysisSource | null) {
  const queryKey = analysisKey(source);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => analyzeWsdl(source!, signal),
    enabled: source !== null,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // Ticking "Measure without its policies" or MTOM asks again about the same WSDL: its last
    // analysis, and the checkbox in it, stay while the answer comes. Another WSDL starts blank.
    placeholderData: (previous, previousQuery) =>
      sameWsdl(previousQuery?.queryKey, queryKey) ? previous : undefined,
  });
}
