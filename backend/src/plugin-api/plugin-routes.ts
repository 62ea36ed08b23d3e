import { Router, type NextFunction, type Request, type Response } from 'express';

const BODY_LIMIT = 16 * 1024;
import type { Logger } from 'pino';
import { errorBody, type ErrorBody } from '../common/http-exception.filter';
import { FixedWindowRateLimiter } from '../common/rate-limiter';
import type { LicensesService } from '../licenses/licenses.service';
import { bearerToken, type TokensService } from '../tokens/tokens.service';

const TOO_MANY = 'Too many requests, please retry later';

/** One write per answer: headers and body together (no ETag, no content negotiation). */
function send(res: Response, status: number, body: object) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

class InputError extends Error {}

function stringField(body: unknown, name: string, max: number, required: string | null): string | undefined {
  const value = (body as Record<string, unknown> | null)?.[name];
  if (value === undefined || value === null) {
    if (required) throw new InputError(required);
    return undefined;
  }
  if (typeof value !== 'string' || (required && !value.trim())) throw new InputError(required ?? `${name} must be a string`);
  if (value.length > max) throw new InputError(`${name} must be shorter than or equal to ${max} characters`);
  return value;
}

function onlyFields(body: unknown, allowed: string[]) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new InputError('Request body must be a JSON object');
  const extra = Object.keys(body).find((k) => !allowed.includes(k));
  if (extra) throw new InputError(`property ${extra} should not exist`);
}

/** A small JSON body reader (16 kB at most): the plugin sends a few dozen bytes. */
function readJson(req: Request, done: (error?: ErrorBody) => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  const finish = (error?: ErrorBody) => {
    if (!finished) {
      finished = true;
      done(error);
    }
  };
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > BODY_LIMIT) {
      finish(errorBody(413, 'Request body is larger than 16 kB'));
      req.resume();
    } else chunks.push(chunk);
  });
  req.on('error', () => finish(errorBody(400, 'Invalid request body')));
  req.on('end', () => {
    if (finished) return;
    const text = Buffer.concat(chunks).toString('utf8').trim();
    try {
      req.body = text ? JSON.parse(text) : {};
      finish();
    } catch {
      finish(errorBody(400, 'Malformed JSON in request body'));
    }
  });
}

/**
 * The plugin calling home: POST /api/verify-token and POST /api/licenses/check. Mounted in front of the
 * framework pipeline (sessions, CSRF, Nest routing and pipes are not needed for a bearer call) so these
 * stay fast; the rules themselves live in TokensService and LicensesService. Documented in OpenAPI by
 * plugin-openapi.ts.
 */
export function pluginRoutes(deps: {
  tokens: TokensService;
  licenses: LicensesService;
  rateLimit: number;
  logger: Logger;
}) {
  const limiter = new FixedWindowRateLimiter(deps.rateLimit);
  const router = Router();

  const handle =
    (answer: (req: Request) => Promise<object>) =>
    (req: Request, res: Response, next: NextFunction) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cache-Control', 'no-store');
      const limit = limiter.hit(req.ip ?? 'unknown');
      FixedWindowRateLimiter.setHeaders(res, limit);
      if (!limit.allowed) return send(res, 429, errorBody(429, TOO_MANY));
      readJson(req, (error) => {
        if (error) return send(res, error.statusCode, error);
        answer(req).then(
          (body) => send(res, 200, body),
          (e: unknown) => {
            if (e instanceof InputError) return send(res, 400, errorBody(400, e.message));
            const status = (e as { getStatus?: () => number }).getStatus?.();
            if (status && status < 500) return send(res, status, errorBody(status, (e as Error).message));
            deps.logger.error({ err: e, path: req.path }, 'plugin call failed');
            next(e);
          },
        );
      });
    };

  router.post(
    '/api/verify-token',
    handle(async (req) => {
      const body = req.body ?? {};
      onlyFields(body, ['token']);
      const token = stringField(body, 'token', 512, null) ?? bearerToken(req.headers.authorization);
      return deps.tokens.verify(token);
    }),
  );
  router.post(
    '/api/licenses/check',
    handle(async (req) => {
      onlyFields(req.body ?? {}, ['domain']);
      const domain = stringField(req.body, 'domain', 2048, 'Domain is required')!;
      return deps.licenses.check(req.headers.authorization, domain);
    }),
  );
  return router;
}
