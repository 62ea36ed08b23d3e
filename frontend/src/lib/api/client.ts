import createClient, { type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import type {
  HttpMethod,
  MediaType,
  PathsWithMethod,
  RequiredKeysOf,
} from 'openapi-typescript-helpers';
import {
  ApiError,
  GENERIC_ERROR_MESSAGE,
  messageFromBody,
  withQuery,
  type Query,
} from '../api-client';
import type { paths } from './schema';

/**
 * The typed API client: openapi-fetch over the types generated from api/openapi.json (schema.d.ts, by
 * `npm run api:generate`), so a path, its parameters, its body and its answer are checked against
 * the server's contract. It keeps the app's one way of talking to its server (api-client.ts): same
 * origin, cookies included, JSON in and out; a failure throws an ApiError with the HTTP status, the
 * server's message (`{ statusCode, error, message }`) and its parsed body; a network failure throws
 * the generic error with status 0; a cancellation stays an AbortError.
 *
 *   const { licenses, summary } = await api.GET('/api/apitokens/licenses', { signal });
 *   await api.POST('/api/apitokens/licenses/{id}/bind', { params: { path: { id } }, body });
 */

/**
 * What openapi-fetch builds for each call, kept as given: the relative same-origin URL and its init,
 * with no URL parsing (a Request needs an absolute URL) and no copy of the body.
 */
class CallRequest {
  readonly method: string;
  readonly headers: Headers;
  readonly body: BodyInit | null | undefined;
  readonly signal: AbortSignal | null | undefined;
  constructor(
    readonly url: string,
    init: RequestInit,
  ) {
    this.method = init.method ?? 'GET';
    this.headers = new Headers(init.headers);
    this.body = init.body;
    this.signal = init.signal;
  }
}

/** The global fetch as it is at call time (tests replace it), with the session cookie. */
async function send(call: CallRequest): Promise<Response> {
  try {
    return await fetch(call.url, {
      method: call.method,
      headers: call.headers,
      body: call.body,
      signal: call.signal,
      credentials: 'include',
    });
  } catch (error) {
    // Cancellation (react-query aborting a stale request) must stay an AbortError.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, GENERIC_ERROR_MESSAGE, 'Network Error');
  }
}

const client = createClient<paths>({
  baseUrl: '',
  headers: { Accept: 'application/json' },
  Request: CallRequest as unknown as typeof Request,
  fetch: send as unknown as (input: Request) => Promise<Response>,
  // Empty values are left out, as the app always did (`?search=` is no search).
  querySerializer: (query: unknown) => withQuery('', query as Query),
});

/** A JSON answer as the server sent it; the text when it is not JSON; null when empty. */
function readAnswer(text: string | undefined, response: Response): unknown {
  if (!text) return null;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function unwrap(
  call: Promise<{ data?: unknown; error?: unknown; response: Response }>,
): Promise<unknown> {
  const { data, error, response } = await call;
  if (!response.ok) {
    // openapi-fetch reads an empty error body as '' (or undefined): no body, as before.
    const body = error === undefined || error === '' ? null : error;
    throw new ApiError(
      response.status,
      messageFromBody(body) ?? (response.statusText || GENERIC_ERROR_MESSAGE),
      response.statusText,
      body,
    );
  }
  return readAnswer(data as string | undefined, response);
}

type InitParam<Init> =
  RequiredKeysOf<Init> extends never
    ? [(Init & { [key: string]: unknown })?]
    : [Init & { [key: string]: unknown }];

/** The success answer of an operation (the 2xx body the document gives it). */
export type ApiAnswer<Operation extends Record<string | number, unknown>, Init> = Exclude<
  FetchResponse<Operation, Init, MediaType>['data'],
  undefined
>;

type Method<M extends HttpMethod> = <
  Path extends PathsWithMethod<paths, M>,
  Init extends MaybeOptionalInit<paths[Path], M>,
>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<ApiAnswer<paths[Path][M] & Record<string | number, unknown>, Init>>;

/** openapi-fetch's call, untyped: each method below is typed by `Method`. */
const request = client.request as unknown as (
  method: HttpMethod,
  url: string,
  init: Record<string, unknown>,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

function method<M extends HttpMethod>(name: M): Method<M> {
  const call = (url: string, init?: Record<string, unknown>) =>
    // Read as text and parsed here, so that an answer that is not JSON is not a parse error.
    unwrap(request(name, url, { ...init, parseAs: 'text' }));
  return call as unknown as Method<M>;
}

export const api = {
  GET: method('get'),
  POST: method('post'),
  PUT: method('put'),
  PATCH: method('patch'),
  DELETE: method('delete'),
};
