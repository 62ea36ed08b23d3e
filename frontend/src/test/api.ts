import type { RequestBodyJSON, SuccessResponseJSON } from 'openapi-typescript-helpers';
import { onTestFinished } from 'vitest';
import type { paths } from '../lib/api/schema';
import { jsonResponse, mockFetch, type FetchCall } from './fetch';

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** Every `METHOD /path` the server declares in schema.d.ts, e.g. `POST /api/payments/{orderId}/cancel`. */
export type ApiRoute = {
  [P in keyof paths]: {
    [M in Method]: [NonNullable<paths[P][M]>] extends [never] ? never : `${Uppercase<M>} ${P}`;
  }[Method];
}[keyof paths];

type Operation<R extends ApiRoute> = R extends `${infer M} ${infer P}`
  ? P extends keyof paths
    ? NonNullable<paths[P][Lowercase<M> & keyof paths[P]]>
    : never
  : never;

/** What the route answers with 2xx, as the schema says. */
export type ApiAnswer<R extends ApiRoute> = SuccessResponseJSON<Operation<R>>;

/**
 * A test's answer may leave out what the screen under test does not read, but each field it gives has the
 * schema's name and type.
 */
export type Sketch<T> = T extends readonly (infer E)[]
  ? readonly Sketch<E>[]
  : T extends object
    ? { [K in keyof T]?: Sketch<T[K]> }
    : T;

/** A call as the route's handler sees it: path parameters, query, the JSON body sent, the raw call. */
export interface ApiCall<R extends ApiRoute> {
  params: Record<string, string>;
  query: URLSearchParams;
  body: RequestBodyJSON<Operation<R>>;
  call: FetchCall;
}

/** Any other answer: an error status with its JSON body, an empty answer, a file... */
class Reply {
  constructor(readonly response: () => Response) {}
}

/** An answer other than the route's 2xx JSON: `status(409, { statusCode: 409, message, code })`. */
export const status = (code: number, body?: unknown) => new Reply(() => jsonResponse(body, code));

/** A raw Response (a file, a text, a header the test needs). */
export const raw = (response: () => Response) => new Reply(response);

type Answer<R extends ApiRoute> = Sketch<ApiAnswer<R>> | Reply;
type Handler<R extends ApiRoute> = (call: ApiCall<R>) => Answer<R> | Promise<Answer<R>>;

/** The routes a test answers; each key is checked against the OpenAPI paths. */
export type ApiRoutes = { [R in ApiRoute]?: Handler<R> };

export interface ApiRecordedCall extends FetchCall {
  /** The route that answered (`GET /api/orders/{id}`). */
  route: ApiRoute;
  /** The path without its query. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
}

interface CompiledRoute {
  route: ApiRoute;
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler<ApiRoute>;
}

function compile(routes: ApiRoutes): CompiledRoute[] {
  return Object.entries(routes).map(([route, handler]) => {
    const [method, template] = route.split(' ') as [string, string];
    const names: string[] = [];
    const source = template
      .split(/(\{[^}]+\})/)
      .map((part) => {
        const name = /^\{([^}]+)\}$/.exec(part)?.[1];
        if (name === undefined) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
        names.push(name);
        return '([^/]+)';
      })
      .join('');
    return {
      route: route as ApiRoute,
      method,
      pattern: new RegExp(`^${source}$`),
      names,
      handler: handler as Handler<ApiRoute>,
    };
  });
}

/**
 * Replaces fetch with the server as the OpenAPI contract describes it: `mockApi({ 'GET /api/plans': () =>
 * plans, 'POST /api/payments/{orderId}/cancel': ({ params }) => ... })`. The keys are checked against
 * schema.d.ts, path parameters are matched and handed over, a handler's plain value is the route's typed
 * 2xx JSON (a Sketch: fields may be left out) (`status(code, body)` for any other answer). Every call is recorded in `calls`. A call no route
 * answers fails the test, naming its method and path (it also gets a 501, so the app sees an error).
 */
export function mockApi(routes: ApiRoutes) {
  const compiled = compile(routes);
  const unexpected: string[] = [];
  const calls: ApiRecordedCall[] = [];
  onTestFinished(() => {
    if (unexpected.length > 0)
      throw new Error(
        `mockApi: unexpected API call(s), no route answers:\n  ${unexpected.join('\n  ')}`,
      );
  });
  const { fn } = mockFetch(async (call) => {
    const url = new URL(call.url, 'http://localhost');
    const method = call.method.toUpperCase();
    for (const route of compiled) {
      if (route.method !== method) continue;
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      const params = Object.fromEntries(
        route.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]),
      );
      calls.push({
        ...call,
        route: route.route,
        path: url.pathname,
        params,
        query: url.searchParams,
      });
      const answer = await route.handler({
        params,
        query: url.searchParams,
        body: call.body as never,
        call,
      });
      return answer instanceof Reply ? answer.response() : jsonResponse(answer);
    }
    const what = `${method} ${url.pathname}${url.search}`;
    unexpected.push(what);
    console.error(`mockApi: unexpected API call ${what}`);
    return jsonResponse({ statusCode: 501, message: `mockApi: unexpected API call ${what}` }, 501);
  });
  return { fn, calls };
}
