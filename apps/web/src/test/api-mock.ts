import { vi } from 'vitest';
import { jsonResponse } from './fixtures';

export type ApiCall = { method: string; path: string; query: URLSearchParams; headers: Headers; body: unknown };
type Handler = (call: ApiCall) => Response | Promise<Response>;

/**
 * Stubs `fetch` with a tiny API: `routes` maps 'METHOD /api/path' (no query string) to a function
 * that answers (its query string is in `call.query`); anything else is a 404 in the API's error
 * shape. Every call is recorded in order.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const call = { method, path: url.pathname, query: url.searchParams, headers: new Headers(init?.headers), body };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route);
  return { fetchMock, calls, callsTo };
}

export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  jsonResponse({ error: { code, message, ...(fields ? { fields } : {}) } }, status);

export const noContent = () => new Response(null, { status: 204 });
