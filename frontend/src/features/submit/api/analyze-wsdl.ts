import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { securityModes, type SecurityMode } from '@/features/submit/utils/workload-defaults';
import type { Analysis } from '@/types/api-models';

export type AnalysisSource =
  | { kind: 'catalog'; catalog: string; security: SecurityMode[] }
  | { kind: 'upload'; wsdl: File; entry?: string; security: SecurityMode[] };

function orderedModes(security: SecurityMode[]): SecurityMode[] {
  return securityModes.filter((mode) => security.includes(mode));
}

export function analyzeWsdl(source: AnalysisSource, signal?: AbortSignal): Promise<Analysis> {
  const security = orderedModes(source.security);
  if (source.kind === 'catalog') {
    return apiRequest<Analysis>('/analyses', {
      method: 'POST',
      json: { catalog: source.catalog, security },
      signal,
    });
  }
  // The same fields as a run's upload (submit-run.ts), with the modes comma-separated.
  const form = new FormData();
  form.append('wsdl', source.wsdl, source.wsdl.name);
  if (source.entry) form.append('entry', source.entry);
  if (security.length > 0) form.append('security', security.join(','));
  return apiRequest<Analysis>('/analyses', { method: 'POST', form, signal });
}

/** What tells one analysis from another: a File has no identity a query key can hold, its name, size and time do. */
function sourceKey(source: AnalysisSource | null): unknown[] {
  if (!source) return ['none'];
  const security = orderedModes(source.security);
  if (source.kind === 'catalog') return ['catalog', source.catalog, security];
  const { name, size, lastModified } = source.wsdl;
  return ['upload', name, size, lastModified, source.entry ?? '', security];
}

/**
 * The analysis of the WSDL the form would send, asked once per WSDL and security modes: the
 * endpoint is rate limited as a write (429), so it is never refetched on its own, never retried,
 * and a change of anything else in the form does not ask again.
 */
export function useWsdlAnalysis(source: AnalysisSource | null) {
  return useQuery({
    queryKey: ['analysis', ...sourceKey(source)],
    queryFn: ({ signal }) => analyzeWsdl(source!, signal),
    enabled: source !== null,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
