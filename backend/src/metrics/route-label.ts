import { isApiPath } from '../web/spa';

/** What the HTTP metrics need of a request once it is answered (an Express request has it). */
export interface RoutedRequest {
  method?: string;
  baseUrl?: string;
  path?: string;
  url?: string;
  route?: { path?: unknown };
}

/** `*`, `/*path`, `/{*path}`: path-to-regexp's splat at the root. */
const CATCH_ALL = /^\/?\{?\*/;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The method as a label: the seven the app answers, anything else as OTHER (a bounded set). */
export function methodLabel(method: string | undefined): string {
  const m = (method ?? '').toUpperCase();
  return METHODS.has(m) ? m : 'OTHER';
}

/**
 * The route as a label (docs/monitoring.md): the template that matched (`/api/wp-updates/:kind/download/:product`),
 * never the raw URL, so the label's values are as many as the app's routes whatever clients send. A request
 * no route took is `app` outside the API's prefixes (the React app's pages and files) and `unmatched` under
 * them (an unknown path, or a request refused before routing: body too large, cross-site, bad input).
 */
export function routeLabel(req: RoutedRequest): string {
  const template = req.route?.path;
  // A route matching every path (`/*path`: the session middleware AuthModule applies to all routes) is
  // not the request's route: the request went no further when it is the last one seen.
  if (typeof template === 'string' && !CATCH_ALL.test(template))
    return `${req.baseUrl ?? ''}${template}` || '/';
  const path = req.path ?? (req.url ?? '').split('?')[0];
  return isApiPath(path) ? 'unmatched' : 'app';
}
