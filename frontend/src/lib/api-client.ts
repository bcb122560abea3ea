import { readApiToken } from '@/lib/api-token';
import type { Problem } from '@/types/api-models';

export const apiBase = '/api/v1';

export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;

  constructor(status: number, problem: Problem) {
    super(problem.title ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type RequestOptions = {
  method?: 'GET' | 'POST';
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json, application/problem+json',
    ...options.headers,
  };
  const token = readApiToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    // The browser sets the multipart boundary itself; a hand-written Content-Type would lack it.
    body = options.form;
  }

  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, {
      title: 'Cannot reach the SOAPBench server',
      detail: cause instanceof Error ? cause.message : String(cause),
    });
  }

  if (!response.ok)
    throw new ApiError(response.status, withRetryAfter(await readProblem(response), response));
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

async function readProblem(response: Response): Promise<Problem> {
  const fallback: Problem = { status: response.status, title: `Request failed (HTTP ${response.status})` };
  const text = await response.text().catch(() => '');
  const contentType = response.headers.get('Content-Type') ?? '';
  if (text && contentType.includes('json')) {
    try {
      const parsed = JSON.parse(text) as Problem;
      return { ...fallback, ...parsed };
    } catch {
      return { ...fallback, detail: text.slice(0, 300) };
    }
  }
  return text ? { ...fallback, detail: text.slice(0, 300) } : fallback;
}

/**
 * A 429 or 503 says when to ask again in its Retry-After header (whole seconds, or an HTTP date);
 * the problem's own retryAfterSeconds wins, the header fills it in when the body lacks it.
 */
function withRetryAfter(problem: Problem, response: Response): Problem {
  if (problem.retryAfterSeconds !== undefined) return problem;
  const seconds = parseRetryAfter(response.headers.get('Retry-After'));
  return seconds === undefined ? problem : { ...problem, retryAfterSeconds: seconds };
}

export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** True for the answer of a rate limit: the request may be repeated later, not corrected. */
export function isRateLimited(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 429;
}

export function problemOf(error: unknown): Problem {
  if (isApiError(error)) return error.problem;
  return { title: 'Unexpected error', detail: error instanceof Error ? error.message : String(error) };
}
