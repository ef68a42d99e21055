import { CategoryListSchema, messages } from '@recell/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse } from '@/test/fixtures';
import { ApiError, apiRequest } from './api-client';

const fetchMock = vi.fn<typeof fetch>();

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
};

describe('apiRequest', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('calls /api{path} and returns the body the schema accepts', async () => {
    const body = { items: [{ id: '1', brand: 'Apple', imageUrl: '/uploads/apple.webp' }] };
    fetchMock.mockResolvedValue(jsonResponse(body));

    await expect(apiRequest('/categories', CategoryListSchema)).resolves.toEqual(body);
    expect(fetchMock).toHaveBeenCalledWith('/api/categories', expect.objectContaining({ method: 'GET' }));
  });

  it('sends a JSON body as JSON', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }, 201));

    await apiRequest('/orders', z.object({ ok: z.boolean() }), { method: 'POST', json: { phone: '0171' } });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"phone":"0171"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it("turns the API's error body into an ApiError with status, code, message and fields", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          error: {
            code: 'validation',
            message: 'Some fields are not valid',
            fields: { phone: 'phone number is Required' },
          },
        },
        400,
      ),
    );

    const error = await failure(apiRequest('/orders', z.unknown(), { method: 'POST', json: {} }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation',
      message: 'Some fields are not valid',
      fields: { phone: 'phone number is Required' },
    });
  });

  it('keeps the spec message of an authorization failure', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: { code: 'unauthorized', message: messages.unauthorized } }, 401));

    const error = await failure(apiRequest('/me', z.unknown()));

    expect(error).toMatchObject({
      status: 401,
      code: 'unauthorized',
      message: messages.unauthorized,
      fields: undefined,
    });
  });

  it('makes an ApiError from the status when the body is not an API error (a proxy page)', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = await failure(apiRequest('/categories', CategoryListSchema));

    expect(error).toMatchObject({ status: 502, code: 'internal', message: messages.internalError });
  });

  it('reports a network failure as status 0, unavailable', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await failure(apiRequest('/categories', CategoryListSchema));

    expect(error).toMatchObject({ status: 0, code: 'unavailable' });
  });

  it('refuses a response that breaks the contract', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ items: [{ id: '7', brand: 'Nokia' }] }));

    const error = await failure(apiRequest('/categories', CategoryListSchema));

    expect(error).toMatchObject({ code: 'internal', message: messages.internalError });
  });

  it('lets a cancelled call stay a cancellation', async () => {
    fetchMock.mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));

    const error = await failure(apiRequest('/categories', CategoryListSchema));

    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });
});
