import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, isRateLimited, parseRetryAfter } from '@/lib/api-client';
import { saveApiToken } from '@/lib/api-token';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';

describe('apiRequest', () => {
  it('prefixes /api/v1 and sends the stored token as a Bearer token', async () => {
    saveApiToken('  sb_token ');
    const { calls } = mockFetch({ 'GET /api/v1/stacks': () => jsonResponse([]) });
    await expect(apiRequest('/stacks')).resolves.toEqual([]);
    expect(calls[0].headers.get('Authorization')).toBe('Bearer sb_token');
  });

  it('turns a problem+json answer into an ApiError carrying the problem', async () => {
    mockFetch({
      'GET /api/v1/runs/nope': () =>
        jsonResponse(
          { title: 'Run not found', status: 404, detail: 'No run nope' },
          404,
          'application/problem+json',
        ),
    });
    const error = (await apiRequest('/runs/nope').catch((caught) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(404);
    expect(error.problem).toEqual({ title: 'Run not found', status: 404, detail: 'No run nope' });
  });

  it('keeps the start of a non-JSON error body as the detail', async () => {
    mockFetch({
      'GET /api/v1/stacks': () =>
        new Response('upstream timed out', { status: 502, headers: { 'Content-Type': 'text/plain' } }),
    });
    const error = (await apiRequest('/stacks').catch((caught) => caught)) as ApiError;
    expect(error.problem).toEqual({
      status: 502,
      title: 'Request failed (HTTP 502)',
      detail: 'upstream timed out',
    });
  });

  it('reports an unreachable server as status 0 with the cause', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = (await apiRequest('/stacks').catch((caught) => caught)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.problem).toEqual({ title: 'Cannot reach the SOAPBench server', detail: 'Failed to fetch' });
  });

  it('carries the Retry-After of a 429 as retryAfterSeconds when the problem does not give it', async () => {
    mockFetch({
      'POST /api/v1/runs': () =>
        new Response(JSON.stringify({ title: 'Too Many Requests', status: 429 }), {
          status: 429,
          headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '30' },
        }),
    });
    const error = (await apiRequest('/runs', { method: 'POST', json: {} }).catch(
      (caught) => caught,
    )) as ApiError;
    expect(isRateLimited(error)).toBe(true);
    expect(error.problem.retryAfterSeconds).toBe(30);
  });

  it("keeps the problem's own retryAfterSeconds over the header", async () => {
    mockFetch({
      'POST /api/v1/runs': () =>
        new Response(JSON.stringify({ title: 'Too Many Requests', status: 429, retryAfterSeconds: 12 }), {
          status: 429,
          headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '30' },
        }),
    });
    const error = (await apiRequest('/runs', { method: 'POST', json: {} }).catch(
      (caught) => caught,
    )) as ApiError;
    expect(error.problem.retryAfterSeconds).toBe(12);
  });
});

describe('parseRetryAfter', () => {
  it('reads whole seconds or an HTTP date, and nothing else', () => {
    const now = Date.parse('2025-01-01T12:00:00Z');
    expect(parseRetryAfter('45', now)).toBe(45);
    expect(parseRetryAfter('Wed, 01 Jan 2025 12:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('Wed, 01 Jan 2025 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
