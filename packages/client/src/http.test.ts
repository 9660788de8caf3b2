import { defineRoute } from '@darsak/domain/contract';
import { ERROR_MESSAGES_AR } from '@darsak/domain/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, HttpError, isApiError } from './errors.ts';
import { createHttpClient } from './http.ts';
import { shouldRetry } from './query-client.ts';

const getUser = defineRoute({
  method: 'GET',
  path: '/api/v1/user/:id',
  summary: 'one user',
  tags: ['users'],
  auth: 'signedIn',
  params: z.object({ id: z.coerce.number() }),
  query: z.object({ full: z.boolean().optional(), tags: z.array(z.string()).optional() }),
  response: z.object({ id: z.number(), name: z.string() }),
  errors: ['user-not-found'],
});

const login = defineRoute({
  method: 'POST',
  path: '/api/v1/auth/password',
  summary: 'sign in',
  tags: ['auth'],
  auth: 'public',
  body: z.object({ email: z.string(), password: z.string() }),
  response: z.object({ token: z.string() }),
  errors: ['wrong-password'],
});

const refresh = defineRoute({
  method: 'POST',
  path: '/api/v1/auth/refresh-token',
  summary: 'refresh',
  tags: ['auth'],
  auth: 'signedIn',
  response: z.object({ token: z.string() }),
  errors: [],
});

const upload = defineRoute({
  method: 'PUT',
  path: '/api/v1/user/asset',
  summary: 'avatar',
  tags: ['users'],
  auth: 'signedIn',
  multipart: { files: ['image'], maxBytes: 5_000_000 },
  response: z.object({ url: z.string() }),
  errors: [],
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('createHttpClient', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('builds the URL from the contract, sends the bearer token and credentials', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 7, name: 'سارة' }));
    const client = createHttpClient({ baseUrl: 'http://api.test/', getToken: () => 'tok' });
    const user = await client.callRoute(getUser, { params: { id: 7 }, query: { full: true, tags: ['a', 'b'] } });
    expect(user).toEqual({ id: 7, name: 'سارة' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://api.test/api/v1/user/7?full=true&tags=a&tags=b');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok');
    expect(init?.body).toBeUndefined();

    // the contract types the call: params are required here, a body is not allowed
    // @ts-expect-error params missing
    void (() => client.callRoute(getUser));
    // @ts-expect-error wrong body
    void (() => client.callRoute(login, { body: { email: 1 } }));
  });

  it('sends JSON bodies, and no body or content type when there is none', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { token: 'a' })).mockResolvedValueOnce(json(200, { token: 'b' }));
    const client = createHttpClient({ baseUrl: '' });
    await client.callRoute(login, { body: { email: 'a@b.co', password: 'secret123' } });
    const [, loginInit] = fetchMock.mock.calls[0] ?? [];
    expect(new Headers(loginInit?.headers).get('content-type')).toBe('application/json');
    expect(new Headers(loginInit?.headers).has('authorization')).toBe(false);
    expect(loginInit?.body).toBe(JSON.stringify({ email: 'a@b.co', password: 'secret123' }));

    await client.callRoute(refresh);
    const [, refreshInit] = fetchMock.mock.calls[1] ?? [];
    expect(refreshInit?.body).toBeUndefined();
    expect(new Headers(refreshInit?.headers).has('content-type')).toBe(false);
  });

  it('passes a FormData body through for multipart routes', async () => {
    fetchMock.mockResolvedValue(json(200, { url: '/assets/uploads/x.png' }));
    const client = createHttpClient({ baseUrl: '' });
    const form = new FormData();
    form.append('image', new Blob(['x'], { type: 'image/png' }), 'x.png');
    await client.callRoute(upload, { body: form });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('content-type')).toBe(false);
  });

  it('turns a coded error body into ApiError(code, status, message, details)', async () => {
    fetchMock.mockResolvedValue(
      json(404, { code: 'user-not-found', message: 'المستخدم غير موجود.', details: { id: 7 } }),
    );
    const client = createHttpClient({ baseUrl: '' });
    const error = await client.callRoute(getUser, { params: { id: 7 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(isApiError(error, 'user-not-found')).toBe(true);
    expect(isApiError(error, 'forbidden')).toBe(false);
    expect(error).toMatchObject({
      code: 'user-not-found',
      status: 404,
      message: 'المستخدم غير موجود.',
      details: { id: 7 },
    });
  });

  it('passes on failures without a known code unchanged', async () => {
    fetchMock.mockResolvedValue(json(502, { error: 'Bad Gateway' }));
    const client = createHttpClient({ baseUrl: '' });
    const error = await client.callRoute(refresh).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(isApiError(error)).toBe(false);
    expect(error).toMatchObject({ status: 502, body: { error: 'Bad Gateway' } });
  });

  it('calls onUnauthenticated on a 401 unauthenticated, but not on a wrong password', async () => {
    const onUnauthenticated = vi.fn();
    const client = createHttpClient({ baseUrl: '', getToken: () => 'old', onUnauthenticated });
    fetchMock.mockResolvedValueOnce(json(401, { code: 'unauthenticated', message: 'x' }));
    await expect(client.callRoute(refresh)).rejects.toMatchObject({ code: 'unauthenticated', status: 401 });
    expect(onUnauthenticated).toHaveBeenCalledOnce();

    fetchMock.mockResolvedValueOnce(json(401, { code: 'wrong-password', message: 'x' }));
    await expect(client.callRoute(login, { body: { email: 'a@b.co', password: 'x' } })).rejects.toMatchObject({
      code: 'wrong-password',
    });
    expect(onUnauthenticated).toHaveBeenCalledOnce();
  });

  it('maps a network failure to network-error with its Arabic message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const client = createHttpClient({ baseUrl: '' });
    const error = await client.callRoute(refresh).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'network-error', status: 0, message: ERROR_MESSAGES_AR['network-error'] });
  });

  it('maps a caller abort to request-aborted', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const client = createHttpClient({ baseUrl: '' });
    const controller = new AbortController();
    const pending = client.callRoute(refresh, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toMatchObject({ code: 'request-aborted' });
  });

  it('maps a timeout to timeout-exceeded after timeoutMs (20 s by default)', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const client = createHttpClient({ baseUrl: '' });
    const pending = client.callRoute(refresh).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: 'timeout-exceeded', message: ERROR_MESSAGES_AR['timeout-exceeded'] });
  });
});

/** Just enough of XMLHttpRequest for an upload: records what is sent, reports half then all, answers `status`. */
function fakeXhr(status: number, responseText = '') {
  const sent: {
    method?: string;
    url?: string;
    headers: Record<string, string>;
    body?: unknown;
    credentials?: boolean;
  } = { headers: {} };
  class FakeXhr {
    upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    status = status;
    responseText = responseText;
    withCredentials = false;
    onload?: () => void;
    open(method: string, url: string) {
      Object.assign(sent, { method, url });
    }
    setRequestHeader(key: string, value: string) {
      sent.headers[key] = value;
    }
    getResponseHeader = () => 'application/xml';
    send(body: unknown) {
      Object.assign(sent, { body, credentials: this.withCredentials });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('sendFile (straight to object storage)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const target = {
    method: 'PUT',
    url: 'https://store.example/b/uploads/k.webm?X-Amz-Signature=abc',
    headers: { 'content-type': 'video/webm' },
  };

  it('sends the file as signed, without the token or cookies, reporting progress', async () => {
    const sent = fakeXhr(200);
    const client = createHttpClient({ baseUrl: '', getToken: () => 'secret-token' });
    const progress: number[] = [];
    const file = new Blob(['0123456789'], { type: 'video/webm' });
    await client.sendFile(target, file, { onUploadProgress: (f) => progress.push(f) });
    expect(sent).toEqual({ ...target, body: file, credentials: false });
    expect(progress).toEqual([0.5]);
  });

  it("passes on the store's refusal as an HttpError", async () => {
    fakeXhr(403, '<Error><Code>AccessDenied</Code></Error>');
    const client = createHttpClient({ baseUrl: '' });
    const error = await client
      .sendFile(target, new Blob(['x']), { onUploadProgress: () => {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 403 });
  });
});

describe('shouldRetry', () => {
  it('retries once, never on 4xx', () => {
    expect(shouldRetry(0, new ApiError('unexpected', 500))).toBe(true);
    expect(shouldRetry(1, new ApiError('unexpected', 500))).toBe(false);
    expect(shouldRetry(0, new ApiError('network-error', 0))).toBe(true);
    expect(shouldRetry(0, new ApiError('forbidden', 403))).toBe(false);
    expect(shouldRetry(0, new HttpError(404, null))).toBe(false);
  });
});
