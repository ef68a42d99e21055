import {
  accountEndpoints,
  buyingEndpoints,
  catalogueEndpoints,
  messages,
  orderShippingEndpoints,
  orderShippingMessages,
  recoveryMessages,
  uploadMessages,
} from '@recell/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, noContent } from '@/test/api-mock';
import { FakeXhr } from '@/test/fake-xhr';
import { deferred, jsonResponse, makeOrder, makeProduct, makeSession } from '@/test/fixtures';
import { ApiError, callApi, callApiForFile, uploadImage, wasReported } from './api-client';
import { getSessionState, logout, onLogout, setSession } from './session';
import { toast } from './toast';

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
};

describe('callApi', () => {
  const categories = 'GET /api/categories';

  it('calls the endpoint under /api and returns the body its response schema accepts', async () => {
    const body = { items: [{ id: '1', brand: 'Apple', imageUrl: '/uploads/apple.webp' }] };
    const { callsTo } = mockApi({ [categories]: () => jsonResponse(body) });

    await expect(callApi(catalogueEndpoints.categories)).resolves.toEqual(body);
    expect(callsTo(categories)).toHaveLength(1);
  });

  it('sends a JSON body as JSON', async () => {
    const session = makeSession();
    const credentials = { email: 'buyer@example.com', password: 'secret' };
    const { callsTo } = mockApi({ 'POST /api/auth/login': () => jsonResponse(session) });

    await expect(callApi(accountEndpoints.login, { json: credentials })).resolves.toEqual(session);

    const [call] = callsTo('POST /api/auth/login');
    expect(call?.body).toEqual(credentials);
    expect(call?.headers.get('Content-Type')).toBe('application/json');
  });

  it("turns the API's error body into an ApiError with status, code, message and fields", async () => {
    mockApi({
      'POST /api/orders': () =>
        apiError(400, 'validation', 'Some fields are not valid', { phone: 'phone number is Required' }),
    });

    const error = await failure(callApi(buyingEndpoints.bookProduct, { json: {} as never }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation',
      message: 'Some fields are not valid',
      fields: { phone: 'phone number is Required' },
    });
  });

  it('makes an ApiError from the status when the body is not an API error (a proxy page)', async () => {
    mockApi({ [categories]: () => new Response('<html>Bad gateway</html>', { status: 502 }) });

    const error = await failure(callApi(catalogueEndpoints.categories));

    expect(error).toMatchObject({ status: 502, code: 'internal', message: messages.internalError });
  });

  it('reports a network failure as status 0, unavailable', async () => {
    mockApi({ [categories]: () => Response.error() });

    const error = await failure(callApi(catalogueEndpoints.categories));

    expect(error).toMatchObject({ status: 0, code: 'unavailable' });
  });

  it('refuses a response that breaks the contract', async () => {
    mockApi({ [categories]: () => jsonResponse({ items: [{ id: '7', brand: 'Nokia' }] }) });

    const error = await failure(callApi(catalogueEndpoints.categories));

    expect(error).toMatchObject({ code: 'internal', message: messages.internalError });
  });

  it('lets a cancelled call stay a cancellation', async () => {
    const answer = deferred<Response>();
    mockApi({ [categories]: () => answer.promise });
    const controller = new AbortController();

    const call = failure(callApi(catalogueEndpoints.categories, { signal: controller.signal }));
    controller.abort();

    const error = await call;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });
});

const unauthorized = () => apiError(401, 'unauthorized', messages.unauthorized);
const productDetails = makeProduct();
const bearer = (call: { headers: Headers }) => call.headers.get('Authorization');

describe('callApi paths and answers', () => {
  it('fills the path parameters (encoded) and sends only the query values that are set', async () => {
    const page = { items: [], nextCursor: null };
    const { callsTo } = mockApi({ 'GET /api/categories/a%2Fb/products': () => jsonResponse(page) });

    await callApi(catalogueEndpoints.categoryProducts, {
      params: { id: 'a/b' },
      query: { q: 'galaxy s', minPrice: '', maxPrice: undefined, cursor: null },
    });

    const [call] = callsTo('GET /api/categories/a%2Fb/products');
    expect(call?.query.toString()).toBe('q=galaxy+s');
  });

  it("sends the endpoint's method and answers undefined for a 204", async () => {
    setSession(makeSession());
    const { callsTo } = mockApi({ 'DELETE /api/orders/o1': noContent });

    await expect(callApi(buyingEndpoints.deleteOrder, { params: { id: 'o1' } })).resolves.toBeUndefined();
    expect(callsTo('DELETE /api/orders/o1')).toHaveLength(1);
  });

  it('refuses an answer its response schema does not allow: a bug, shown as the internal error', async () => {
    mockApi({ 'GET /api/categories': () => jsonResponse({ items: [{ brand: 42 }] }) });

    const error = await failure(callApi(catalogueEndpoints.categories));

    expect(error).toMatchObject({ code: 'internal', message: messages.internalError });
  });
});

describe('callApi with the session', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sends the access token as a Bearer token', async () => {
    const session = makeSession();
    setSession(session);
    const { callsTo } = mockApi({ 'GET /api/me': () => jsonResponse(session.user) });

    await expect(callApi(accountEndpoints.me)).resolves.toEqual(session.user);
    expect(bearer(callsTo('GET /api/me')[0]!)).toBe(`Bearer ${session.accessToken}`);
  });

  it('on a 401 refreshes the session once and retries with the new token', async () => {
    const stale = makeSession();
    const fresh = makeSession();
    setSession(stale);
    const { callsTo } = mockApi({
      'GET /api/me': ({ headers }) =>
        headers.get('Authorization') === `Bearer ${fresh.accessToken}` ? jsonResponse(fresh.user) : unauthorized(),
      'POST /api/auth/refresh': () => jsonResponse(fresh),
    });

    await expect(callApi(accountEndpoints.me)).resolves.toEqual(fresh.user);
    expect(callsTo('GET /api/me').map(bearer)).toEqual([`Bearer ${stale.accessToken}`, `Bearer ${fresh.accessToken}`]);
    expect(callsTo('POST /api/auth/refresh')).toHaveLength(1);
  });

  it('sends an Idempotency-Key with a call that changes an order: the same key when it is re-sent, a new one per call', async () => {
    const stale = makeSession();
    const fresh = makeSession();
    setSession(stale);
    const order = makeOrder();
    const { callsTo } = mockApi({
      'POST /api/orders': ({ headers }) =>
        headers.get('Authorization') === `Bearer ${fresh.accessToken}` ? jsonResponse(order, 201) : unauthorized(),
      'POST /api/auth/refresh': () => jsonResponse(fresh),
      'GET /api/me': () => jsonResponse(fresh.user),
    });
    const booking = { productId: order.product.id, phone: '01712345678', location: 'Dhanmondi' };

    await callApi(buyingEndpoints.bookProduct, { json: booking });
    const [refused, retried] = callsTo('POST /api/orders').map((call) => call.headers.get('Idempotency-Key'));
    expect(refused).toMatch(/^[\w-]{32,36}$/);
    expect(retried).toBe(refused);

    await callApi(buyingEndpoints.bookProduct, { json: booking });
    expect(callsTo('POST /api/orders').at(-1)!.headers.get('Idempotency-Key')).not.toBe(refused);
    // A call that changes nothing for good (reading) carries none.
    await callApi(accountEndpoints.me);
    expect(callsTo('GET /api/me')[0]!.headers.get('Idempotency-Key')).toBeNull();
  });

  it('shares one refresh between calls refused at the same time', async () => {
    const fresh = makeSession();
    setSession(makeSession());
    const { callsTo } = mockApi({
      'GET /api/me': ({ headers }) =>
        headers.get('Authorization') === `Bearer ${fresh.accessToken}` ? jsonResponse(fresh.user) : unauthorized(),
      'POST /api/auth/refresh': () => jsonResponse(fresh),
    });

    await Promise.all([callApi(accountEndpoints.me), callApi(accountEndpoints.me), callApi(accountEndpoints.me)]);
    expect(callsTo('POST /api/auth/refresh')).toHaveLength(1);
  });

  it("when the refresh fails too: toast 'User Unuthorized Access', log out, and fail the call", async () => {
    const toastError = vi.spyOn(toast, 'error');
    const loggedOut = vi.fn();
    onLogout(loggedOut);
    setSession(makeSession());
    const { callsTo } = mockApi({
      'GET /api/me': unauthorized,
      'POST /api/auth/refresh': () => apiError(401, 'unauthorized', 'Your session has ended.'),
      'POST /api/auth/logout': noContent,
    });

    const error = await failure(callApi(accountEndpoints.me));

    expect(error).toMatchObject({ status: 401, code: 'unauthorized', message: messages.unauthorized });
    expect(wasReported(error)).toBe(true);
    expect(callsTo('GET /api/me')).toHaveLength(1);
    expect(toastError).toHaveBeenCalledWith(messages.unauthorized, expect.anything());
    expect(getSessionState().status).toBe('signedOut');
    await vi.waitFor(() => {
      expect(loggedOut).toHaveBeenCalledOnce();
      expect(callsTo('POST /api/auth/logout')).toHaveLength(1);
    });
  });

  it('on a 403 keeps the person signed in and hands the server’s message to the caller, without a refresh', async () => {
    const toastError = vi.spyOn(toast, 'error');
    const loggedOut = vi.fn();
    onLogout(loggedOut);
    setSession(makeSession({ role: 'user' }));
    const { callsTo } = mockApi({
      'DELETE /api/orders/o1': () => apiError(403, 'forbidden', 'Only the buyer of this order may remove it'),
    });

    const error = await failure(callApi(buyingEndpoints.deleteOrder, { params: { id: 'o1' } }));

    expect(error).toMatchObject({
      status: 403,
      code: 'forbidden',
      message: 'Only the buyer of this order may remove it',
    });
    // The caller says it (a toast, the dialog): the API client has said nothing yet.
    expect(wasReported(error)).toBe(false);
    expect(toastError).not.toHaveBeenCalled();
    expect(getSessionState().status).toBe('signedIn');
    expect(loggedOut).not.toHaveBeenCalled();
    expect(callsTo('POST /api/auth/refresh')).toHaveLength(0);
    expect(callsTo('POST /api/auth/logout')).toHaveLength(0);
  });

  it('on a 403 for an unconfirmed email: still signed in, and the account is known to be unconfirmed', async () => {
    setSession(makeSession({ role: 'user' }));
    mockApi({ 'POST /api/orders': () => apiError(403, 'email_unconfirmed', recoveryMessages.emailUnconfirmed) });

    const error = await failure(
      callApi(buyingEndpoints.bookProduct, { json: { productId: 'p1', phone: '0171', location: 'Dhaka' } }),
    );

    expect(error).toMatchObject({ status: 403, code: 'email_unconfirmed', message: recoveryMessages.emailUnconfirmed });
    expect(wasReported(error)).toBe(false);
    expect(getSessionState()).toMatchObject({ status: 'signedIn', user: { isEmailConfirmed: false } });
  });

  it('after a logout sends no call that needs the session, and says nothing about it', async () => {
    const toastError = vi.spyOn(toast, 'error');
    setSession(makeSession());
    const { calls } = mockApi({ 'POST /api/auth/logout': noContent });
    await logout();
    const sentBefore = calls.length;

    const error = await failure(callApi(accountEndpoints.me));

    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(wasReported(error)).toBe(true);
    expect(calls).toHaveLength(sentBefore);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('a 401 that comes back after a logout meanwhile is not reported again', async () => {
    const toastError = vi.spyOn(toast, 'error');
    setSession(makeSession());
    const answer = deferred<Response>();
    const { callsTo } = mockApi({
      'GET /api/me': () => answer.promise,
      'POST /api/auth/refresh': noContent,
      'POST /api/auth/logout': noContent,
    });

    const call = failure(callApi(accountEndpoints.me));
    await vi.waitFor(() => {
      expect(callsTo('GET /api/me')).toHaveLength(1);
    });
    await logout();
    answer.resolve(unauthorized());

    expect(wasReported(await call)).toBe(true);
    expect(toastError).not.toHaveBeenCalled();
    expect(callsTo('POST /api/auth/logout')).toHaveLength(1);
  });

  it('sends the token along with a listing that says more to someone signed in, and none for a visitor', async () => {
    const session = makeSession();
    const { callsTo } = mockApi({ 'GET /api/products/p1': () => jsonResponse(productDetails) });

    await callApi(catalogueEndpoints.product, { params: { id: 'p1' } });
    setSession(session);
    await callApi(catalogueEndpoints.product, { params: { id: 'p1' } });

    expect(callsTo('GET /api/products/p1').map(bearer)).toEqual([null, `Bearer ${session.accessToken}`]);
    expect(callsTo('POST /api/auth/refresh')).toHaveLength(0);
  });

  it('leaves a call without the session alone: no token, and its 401 is simply the answer', async () => {
    const toastError = vi.spyOn(toast, 'error');
    setSession(makeSession());
    const { callsTo } = mockApi({
      'POST /api/auth/login': () =>
        apiError(401, 'unauthorized', messages.wrongPassword, { password: messages.wrongPassword }),
    });

    const error = await failure(callApi(accountEndpoints.login, { json: { email: 'a@b.co', password: 'secret' } }));

    expect(error).toMatchObject({ status: 401, fields: { password: messages.wrongPassword } });
    expect(bearer(callsTo('POST /api/auth/login')[0]!)).toBeNull();
    expect(callsTo('POST /api/auth/refresh')).toHaveLength(0);
    expect(toastError).not.toHaveBeenCalled();
    expect(getSessionState().status).toBe('signedIn');
  });
});

describe('uploadImage', () => {
  beforeEach(() => {
    FakeXhr.install();
  });

  const image = () => new File(['jpeg bytes'], 'phone.jpg', { type: 'image/jpeg' });
  const uploaded = { id: 'a'.repeat(64), url: `/uploads/${'a'.repeat(64)}.webp`, width: 800, height: 600 };

  it('POSTs the file as `image` with the Bearer token and reports the progress', async () => {
    const session = makeSession();
    setSession(session);
    const progress: number[] = [];

    const result = uploadImage(image(), (sent) => progress.push(sent));
    const xhr = await FakeXhr.next();
    xhr.progress(0.25);
    xhr.progress(1);
    xhr.respond(201, uploaded);

    await expect(result).resolves.toEqual(uploaded);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/uploads');
    expect(xhr.headers.authorization).toBe(`Bearer ${session.accessToken}`);
    expect(xhr.formFields).toEqual({ image: 'phone.jpg' });
    expect(progress).toEqual([0.25, 1]);
  });

  it("turns the API's error body into an ApiError, with its field message", async () => {
    setSession(makeSession());
    const result = failure(uploadImage(image()));
    (await FakeXhr.next()).respond(415, {
      error: {
        code: 'unsupported_media_type',
        message: uploadMessages.unsupportedType,
        fields: { image: uploadMessages.unsupportedType },
      },
    });

    expect(await result).toMatchObject({
      status: 415,
      code: 'unsupported_media_type',
      fields: { image: uploadMessages.unsupportedType },
    });
  });

  it('refreshes the session on a 401 and sends the upload again', async () => {
    const fresh = makeSession();
    setSession(makeSession());
    mockApi({ 'POST /api/auth/refresh': () => jsonResponse(fresh) });
    FakeXhr.onSend = (xhr) => {
      queueMicrotask(() => {
        if (xhr.headers.authorization === `Bearer ${fresh.accessToken}`) xhr.respond(201, uploaded);
        else xhr.respond(401, { error: { code: 'unauthorized', message: messages.unauthorized } });
      });
    };

    await expect(uploadImage(image())).resolves.toEqual(uploaded);
    expect(FakeXhr.requests).toHaveLength(2);
  });

  it('reports a network failure as status 0, unavailable', async () => {
    setSession(makeSession());
    const result = failure(uploadImage(image()));
    (await FakeXhr.next()).fail();
    expect(await result).toMatchObject({ status: 0, code: 'unavailable' });
  });

  it('stops when its signal aborts', async () => {
    setSession(makeSession());
    const controller = new AbortController();
    const result = failure(uploadImage(image(), undefined, controller.signal));
    await FakeXhr.next();
    controller.abort();
    expect(await result).toMatchObject({ name: 'AbortError' });
  });
});

describe('callApiForFile', () => {
  const labelPath = 'GET /api/orders/o1/shipping/label.pdf';

  it('answers the file with the session’s token, and the API’s error as an ApiError', async () => {
    const session = makeSession({ role: 'seller' });
    setSession(session);
    let refuse = false;
    const { callsTo } = mockApi({
      [labelPath]: () =>
        refuse
          ? apiError(404, 'not_found', orderShippingMessages.noLabel)
          : new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'Content-Type': 'application/pdf' } }),
    });

    const file = await callApiForFile(orderShippingEndpoints.labelPdf, { id: 'o1' });
    expect(new TextDecoder().decode(await file.arrayBuffer())).toBe('%PDF');
    expect(bearer(callsTo(labelPath)[0]!)).toBe(`Bearer ${session.accessToken}`);

    refuse = true;
    const error = await failure(callApiForFile(orderShippingEndpoints.labelPdf, { id: 'o1' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: orderShippingMessages.noLabel });
  });
});
