import { clearSession } from './sessionState';

export const DEFAULT_ERROR_MESSAGE = 'An error occurred';
export const UNAUTHORIZED_MESSAGE = 'Unauthorized';
export const NETWORK_ERROR_MESSAGE = 'A network error occurred. Please check your connection and try again.';

export class ApiError extends Error {
  readonly status: number;
  readonly details: unknown;

  constructor(status: number, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.details = details;
  }
}

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;
export type QueryParams = Record<string, QueryValue>;

export type RequestOptions = {
  query?: QueryParams;
  /** Return the 401 as an ordinary ApiError instead of signing out (the login form uses it). */
  skipAuthRedirect?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

type ApiConfig = { baseUrl: string };

const config: ApiConfig = { baseUrl: '/api' };

function defaultUnauthorizedHandler(): void {
  window.location.assign('/login');
}

let unauthorizedHandler: () => void = defaultUnauthorizedHandler;

/** Standalone harnesses point the client at another API origin. */
export function configureApi(options: Partial<ApiConfig>): void {
  if (options.baseUrl !== undefined) config.baseUrl = options.baseUrl.replace(/\/+$/, '');
}

export function getApiBaseUrl(): string {
  return config.baseUrl;
}

/** The shell registers its router here so a 401 navigates without a full page load. Null restores the default. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler ?? defaultUnauthorizedHandler;
}

/** `?a=1&b=x` from params, skipping undefined, null and empty strings; arrays repeat the key. */
export function toQueryString(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(key, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function apiUrl(path: string, query?: QueryParams): string {
  const normalised = path.startsWith('/') ? path : `/${path}`;
  return `${config.baseUrl}${normalised}${toQueryString(query)}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function field(body: unknown, name: string): unknown {
  return body && typeof body === 'object' && name in body ? (body as Record<string, unknown>)[name] : undefined;
}

type Body = { kind: 'json'; value: unknown } | { kind: 'form'; value: FormData } | { kind: 'none' };

async function request<T>(method: string, path: string, body: Body, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'caucus', ...options.headers };
  let payload: BodyInit | undefined;
  if (body.kind === 'json') {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body.value ?? {});
  } else if (body.kind === 'form') {
    // The browser sets the multipart boundary itself.
    payload = body.value;
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body: payload,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    // A cancelled query is not a network failure; TanStack Query needs the original abort.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, error instanceof Error ? error.message : undefined);
  }

  const parsed = await readBody(response).catch(() => undefined);

  if (response.status === 401 && !options.skipAuthRedirect) {
    clearSession();
    try {
      unauthorizedHandler();
    } catch {
      // Navigation problems must not hide the 401 from the caller.
    }
    throw new ApiError(401, UNAUTHORIZED_MESSAGE, field(parsed, 'details'));
  }

  if (!response.ok) {
    const message = field(parsed, 'message');
    throw new ApiError(response.status, typeof message === 'string' && message ? message : DEFAULT_ERROR_MESSAGE, field(parsed, 'details'));
  }

  if (parsed && typeof parsed === 'object' && 'data' in parsed) {
    return (parsed as { data: T }).data;
  }
  return parsed as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, { kind: 'none' }, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { kind: 'json', value: body }, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { kind: 'json', value: body }, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { kind: 'json', value: body }, options),
  /** A DELETE may carry a JSON body (e.g. which members to remove from a list). */
  delete: <T = void>(path: string, options?: RequestOptions & { body?: unknown }) =>
    request<T>('DELETE', path, options?.body === undefined ? { kind: 'none' } : { kind: 'json', value: options.body }, options),
  upload: <T>(path: string, formData: FormData, options?: RequestOptions) => request<T>('POST', path, { kind: 'form', value: formData }, options),
};
