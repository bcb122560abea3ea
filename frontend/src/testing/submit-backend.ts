import { catalogFixture, stacksFixture, submittedRunFixture } from '@/testing/fixtures';
import { jsonResponse, mockFetch, type RecordedCall } from '@/testing/mock-fetch';
import { estimateFixture } from '@/testing/submit-fixtures';
import type { Analysis } from '@/types/api-models';

type Handler = (call: RecordedCall) => Response | Promise<Response>;

const emptyAnalysis: Analysis = { operations: [], stacks: [], warnings: [] };

/**
 * The endpoints the submit form calls, each answering as a healthy backend would; a test replaces
 * the ones it is about ("POST /api/v1/analyses", …).
 */
export function mockSubmitBackend(routes: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/v1/stacks': () => jsonResponse(stacksFixture),
    'GET /api/v1/catalog': () => jsonResponse(catalogFixture),
    'POST /api/v1/runs': () => jsonResponse(submittedRunFixture, 201),
    'POST /api/v1/analyses': () => jsonResponse(emptyAnalysis),
    'POST /api/v1/estimates': () => jsonResponse(estimateFixture),
    ...routes,
  });
}

export function callsTo(calls: RecordedCall[], route: string): RecordedCall[] {
  const [method, path] = route.split(' ');
  return calls.filter((call) => call.method === method && call.url.pathname === path);
}
