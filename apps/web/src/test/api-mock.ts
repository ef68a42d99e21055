import type { DemoMailbox, UnreadCount } from '@recell/contract';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { jsonResponse } from './fixtures';

export type ApiCall = { method: string; path: string; query: URLSearchParams; headers: Headers; body: unknown };
type Handler = (call: ApiCall) => Response | Promise<Response>;

/**
 * The network of the web tests: MSW answers every request the app sends through `fetch`. Started
 * and reset around each test in setup.ts; a request no test expects fails the test. Two answers are
 * there by default: the bell of every signed-in header asks for its unread count, which is 0, and
 * the footer whether there is a demo mailbox, which there is not, unless a test's `mockApi` answers
 * it (or any other /api call) itself.
 */
export const apiServer = setupServer(
  http.get('*/api/me/notifications/unread-count', () => jsonResponse({ unread: 0 } satisfies UnreadCount)),
  // The footer asks whether the server runs as a demo (with a mailbox): not here.
  http.get('*/api/demo-mailbox', () => jsonResponse({ url: null } satisfies DemoMailbox)),
);

const bodyOf = async (request: Request): Promise<unknown> => {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return undefined;
  return type.includes('application/json') ? (JSON.parse(text) as unknown) : text;
};

/**
 * A tiny API for one test: `routes` maps 'METHOD /api/path' (no query string) to a function that
 * answers (its query string is in `call.query`); any other /api request is a 404 in the API's
 * error shape. Every call is recorded in order.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  apiServer.use(
    http.all('*/api/*', async ({ request }) => {
      const url = new URL(request.url);
      const call = {
        method: request.method,
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body: await bodyOf(request),
      };
      calls.push(call);
      const handler = routes[`${call.method} ${call.path}`];
      if (!handler) return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
      return handler(call);
    }),
  );
  const callsTo = (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route);
  return { calls, callsTo };
}

export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  jsonResponse({ error: { code, message, ...(fields ? { fields } : {}) } }, status);

export const noContent = () => new Response(null, { status: 204 });
