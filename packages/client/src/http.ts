import { buildPath, type ParamsOf, type QueryOf, type ResponseOf, type RouteContract } from '@darsak/domain/contract';
import type { z } from 'zod';
import { ApiError, HttpError, isKnownErrorBody } from './errors.ts';

export const DEFAULT_TIMEOUT_MS = 20_000;

export interface HttpClientOptions {
  /** Origin (and optional prefix) of the API; '' for same origin. */
  baseUrl: string;
  /** The bearer token to send, when there is one. */
  getToken?: () => string | null | undefined;
  /** Called when the API says the caller is not (or no longer) signed in. */
  onUnauthenticated?: (error: ApiError) => void;
  timeoutMs?: number;
  /** Defaults to the global fetch at call time. */
  fetch?: typeof fetch;
}

type BodyInputOf<C extends RouteContract> = C['body'] extends z.ZodType ? z.input<C['body']> : undefined;

type ParamsPart<C extends RouteContract> =
  ParamsOf<C> extends undefined ? { params?: undefined } : { params: ParamsOf<C> };
type BodyPart<C extends RouteContract> = C['multipart'] extends object
  ? { body: FormData }
  : BodyInputOf<C> extends undefined
    ? { body?: undefined }
    : undefined extends BodyInputOf<C>
      ? { body?: BodyInputOf<C> }
      : { body: BodyInputOf<C> };

export type CallInput<C extends RouteContract> = ParamsPart<C> &
  BodyPart<C> & {
    query?: QueryOf<C>;
    signal?: AbortSignal;
    /**
     * Uploads (multipart bodies): told the share of the body sent so far, from 0 to 1. Such a call has no
     * timeout (a large file on a slow line takes what it takes); the caller's signal cancels it.
     */
    onUploadProgress?: (fraction: number) => void;
  };

type HasRequired<T> = Record<string, never> extends T ? false : true;
export type CallArgs<C extends RouteContract> =
  HasRequired<CallInput<C>> extends true ? [input: CallInput<C>] : [input?: CallInput<C>];

export interface HttpClient {
  readonly baseUrl: string;
  /** Calls one contract route and resolves with its parsed response. */
  callRoute<C extends RouteContract>(contract: C, ...args: CallArgs<C>): Promise<ResponseOf<C>>;
  /** The absolute URL of a path on the API (assets, downloads). */
  url(path: string): string;
  /** A private file of the API (a receipt), fetched with the bearer token. */
  blob(path: string, signal?: AbortSignal): Promise<Blob>;
  /**
   * A file sent straight to object storage with a presigned request: no token and no cookies (the URL is the
   * permission), progress as for an upload through the API; the store's refusal is an HttpError.
   */
  sendFile(target: PresignedRequest, file: Blob, options: SendFileOptions): Promise<void>;
}

/** A request the API signed for the browser to send to object storage as it is. */
export interface PresignedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
}

export interface SendFileOptions {
  signal?: AbortSignal;
  onUploadProgress: (fraction: number) => void;
}

/**
 * fetch cannot report upload progress; XMLHttpRequest can. Answers a Response like fetch does, so the one error
 * handling below serves both.
 */
function sendWithProgress(url: string, init: RequestInit, onProgress: (fraction: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    for (const [key, value] of new Headers(init.headers)) xhr.setRequestHeader(key, value);
    xhr.withCredentials = init.credentials === 'include';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.status === 204 ? null : xhr.responseText;
      const headers = { 'content-type': xhr.getResponseHeader('content-type') ?? '' };
      resolve(new Response(body, { status: xhr.status, headers }));
    };
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body as XMLHttpRequestBodyInit);
  });
}

function appendQuery(search: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendQuery(search, key, item);
    return;
  }
  if (value instanceof Date) search.append(key, value.toISOString());
  else if (typeof value === 'object') search.append(key, JSON.stringify(value));
  else search.append(key, String(value));
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) appendQuery(search, key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) return JSON.parse(text);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function callRoute<C extends RouteContract>(contract: C, ...args: CallArgs<C>): Promise<ResponseOf<C>> {
    const input = (args[0] ?? {}) as {
      params?: Record<string, string | number>;
      query?: unknown;
      body?: unknown;
      signal?: AbortSignal;
      onUploadProgress?: (fraction: number) => void;
    };
    const url = `${baseUrl}${buildPath(contract.path, input.params)}${queryString(input.query)}`;

    const headers = new Headers({ Accept: 'application/json' });
    const token = options.getToken?.();
    if (token) headers.set('Authorization', `Bearer ${token}`);

    let body: BodyInit | undefined;
    if (input.body instanceof FormData) body = input.body;
    else if (input.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(input.body);
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = input.onUploadProgress
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    if (input.signal?.aborted) controller.abort();
    input.signal?.addEventListener('abort', onCallerAbort, { once: true });

    const progress = input.onUploadProgress;
    const doFetch: typeof fetch =
      progress && body instanceof FormData && typeof XMLHttpRequest !== 'undefined'
        ? (target, init) => sendWithProgress(String(target), init ?? {}, progress)
        : (options.fetch ?? globalThis.fetch);
    let response: Response;
    try {
      response = await doFetch(url, {
        method: contract.method,
        headers,
        body,
        credentials: 'include',
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw new ApiError('timeout-exceeded', 0);
      if (controller.signal.aborted || (error instanceof Error && error.name === 'AbortError')) {
        throw new ApiError('request-aborted', 0);
      }
      throw new ApiError('network-error', 0, undefined, {
        cause: error instanceof Error ? error.message : String(error),
      });
    } finally {
      clearTimeout(timer);
      input.signal?.removeEventListener('abort', onCallerAbort);
    }

    return answerOf<C>(response.status, await readBody(response));
  }

  /** The answer, or the coded error it carries. */
  function answerOf<C extends RouteContract>(status: number, data: unknown): ResponseOf<C> {
    if (status < 200 || status >= 300) {
      if (isKnownErrorBody(data)) {
        const error = new ApiError(data.code, status, data.message, data.details);
        if (status === 401 && data.code === 'unauthenticated') options.onUnauthenticated?.(error);
        throw error;
      }
      if (status === 401) options.onUnauthenticated?.(new ApiError('unauthenticated', 401));
      throw new HttpError(status, data);
    }
    // The answer is the API's own, in the contract's shape: response schemas transform nothing (the server's
    // responses-as-sent.test.ts holds them to that), so the browser does not carry them
    // (vite/contracts-without-schemas.mjs).
    return data as ResponseOf<C>;
  }

  const url = (path: string) => `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;

  async function blob(path: string, signal?: AbortSignal): Promise<Blob> {
    const token = options.getToken?.();
    const doFetch = options.fetch ?? globalThis.fetch;
    const response = await doFetch(url(path), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'include',
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) {
      const data = await readBody(response);
      throw isKnownErrorBody(data)
        ? new ApiError(data.code, response.status, data.message, data.details)
        : new HttpError(response.status, data);
    }
    return response.blob();
  }

  async function sendFile(target: PresignedRequest, file: Blob, { signal, onUploadProgress }: SendFileOptions) {
    let response: Response;
    try {
      const init = { method: target.method, headers: target.headers, body: file, credentials: 'omit' as const };
      response = await sendWithProgress(target.url, signal ? { ...init, signal } : init, onUploadProgress);
    } catch (error) {
      if (signal?.aborted) throw new ApiError('request-aborted', 0);
      throw new ApiError('network-error', 0, undefined, {
        cause: error instanceof Error ? error.message : String(error),
      });
    }
    if (!response.ok) throw new HttpError(response.status, await readBody(response));
  }

  return { baseUrl, callRoute, url, blob, sendFile };
}
