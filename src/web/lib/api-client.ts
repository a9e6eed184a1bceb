import { isApiErrorBody, type ErrorCode, type FieldError, type Said } from '#shared/api-error';
import type { ApiRoute, RoutePath } from '#shared/api-route';
import { clearToken, getToken } from './auth-token';
import { markSessionEnded } from './session';

/**
 * An error answer from the API, typed: status, stable code (decide on this, never on the text), the
 * server's message with its catalogue key (a page says it by the key, docs/decisions/0059) and its
 * field errors. `code` is 'NETWORK' when the server could not be reached.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly code: ErrorCode | 'NETWORK' = status === 0 ? 'NETWORK' : 'INTERNAL',
    /** The message's catalogue key and values, when the answer had them. */
    readonly said: Said = { message },
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (path, init) => fetch(path, init);

/** On the server, page loaders reach the API in-process rather than over the network (entry-server.tsx). */
export function setApiTransport(next: Transport): void {
  transport = next;
}

const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

type Body = Record<string, unknown> | unknown[] | FormData | undefined;

async function request<T>(method: string, path: string, body?: Body, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  const token = getToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await transport(path, { ...init, method, headers, body: payload });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_MESSAGE, [], 'NETWORK', { message: NETWORK_MESSAGE, key: 'msg.server.network' });
  }

  if (!response.ok) {
    const data: unknown = await response.json().catch(() => null);
    // A token the server refuses (revoked, secret rotated, user removed) ends the session: the
    // dashboard layout sees the token go and sends the visitor to log in again (session.ts).
    if (response.status === 401 && token) {
      markSessionEnded();
      clearToken();
    }
    if (isApiErrorBody(data)) throw new ApiError(response.status, data.message, data.errors ?? [], data.code, saidOf(data));
    throw new ApiError(response.status, `The server answered ${response.status}. Please try again.`);
  }
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? response.json() : response.blob()) as Promise<T>;
}

/** The values of a route's `:name` parameters: required for a path with parameters, refused for a plain one. */
type ParamsOf<P extends RoutePath> = [P] extends [string]
  ? { params?: undefined }
  : [P] extends [{ readonly pattern: string }]
    ? { params: P extends (...values: infer V) => string ? V : never }
    : { params?: readonly string[] };

export type CallOptions<P extends RoutePath> = ParamsOf<P> & {
  body?: Body;
  /** Appended after `?` when not empty. */
  query?: string | URLSearchParams;
  signal?: AbortSignal;
  keepalive?: boolean;
};

type CallArgs<P extends RoutePath> = [P] extends [{ readonly pattern: string }] ? [options: CallOptions<P>] : [options?: CallOptions<P>];

function urlOf(path: RoutePath, params: readonly string[] = [], query: string | URLSearchParams = ''): string {
  const base = typeof path === 'string' ? path : (path as (...values: string[]) => string)(...params);
  const search = String(query);
  return search ? `${base}?${search}` : base;
}

export const api = {
  /** Calls `route`; the answer's type is the route's, taken from the contract's response schema. */
  call<T, P extends RoutePath>(route: ApiRoute<T, P>, ...[options]: CallArgs<P>): Promise<T> {
    const { params, body, query, signal, keepalive } = (options ?? {}) as CallOptions<RoutePath>;
    const init: RequestInit = {};
    if (signal) init.signal = signal;
    if (keepalive) init.keepalive = keepalive;
    return request<T>(route.method, urlOf(route.path, params, query), body, init);
  },
};

/** The server refused the session (401 UNAUTHORIZED): the visitor must log in again (session.ts). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'UNAUTHORIZED';
}

/** An answer's message with its catalogue key and values, as far as it has them. */
function saidOf({ message, key, values }: Said): Said {
  return { message, ...(typeof key === 'string' ? { key } : {}), ...(values && typeof values === 'object' ? { values } : {}) };
}

/** What to say a person for any error thrown by `api` (with its catalogue key when it had one), else the fallback. */
export function errorSaid(error: unknown, fallback: string | Said = 'Something went wrong.'): Said {
  if (error instanceof ApiError) return error.said;
  return typeof fallback === 'string' ? { message: fallback } : fallback;
}

/** The message to show a person for any error thrown by `api`. */
export function errorMessage(error: unknown, fallback = 'Something went wrong.'): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}
