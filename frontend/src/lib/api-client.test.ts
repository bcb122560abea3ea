import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from '@/lib/api-client';
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
});
