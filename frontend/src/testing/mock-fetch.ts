import { vi } from 'vitest';

export type RecordedCall = {
  method: string;
  url: URL;
  headers: Headers;
  body: BodyInit | null | undefined;
};

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200, contentType = 'application/json'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': contentType } });
}

/**
 * Replaces the global fetch with a table of routes keyed "METHOD /path" (no query string), recording
 * every call. Unknown routes answer 404 problem+json, as the backend would.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: RecordedCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      url,
      headers: new Headers(init.headers),
      body: init.body,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${url.pathname}`];
    if (!handler) {
      return jsonResponse({ title: 'Not Found', status: 404 }, 404, 'application/problem+json');
    }
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
