import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import type { AppRequest } from '../common/request';
import { bearerToken, type TokensService } from '../tokens/tokens.service';
import { bodyTooLarge } from '../common/common-errors';
import { jsonBody, refuseBody } from './json-body';

/** Bodies of anonymous callers: theirs (a sign-in start, a payment notice) are a few kB at most. */
export const ANONYMOUS_BODY_LIMIT = 64 * 1024;
/** Bodies of signed-in callers (a post, an AI request with the selected code). */
export const SIGNED_IN_BODY_LIMIT = 1024 * 1024;

/**
 * Multipart uploads: the routes that read them themselves (multer, after their guards, with their own
 * limit), so the 64 kB refusal below does not apply to them. Nothing here reads a multipart body.
 */
export const MULTIPART_UPLOAD_ROUTES = new Set(['/api/admin/releases']);

export function isMultipartUpload(req: Request): boolean {
  return (
    req.method === 'POST' &&
    MULTIPART_UPLOAD_ROUTES.has(req.path.replace(/\/+$/, '')) &&
    Boolean(req.is('multipart/form-data'))
  );
}

/**
 * JSON bodies up to 64 kB for anonymous callers and 1 MB for signed-in ones, so an anonymous caller
 * cannot make the server read megabytes; the caller is looked up only for a JSON body that grows
 * past 64 kB (jsonBody). Form bodies (payment notices) and anything else get 64 kB. A body announced
 * larger than its limit is refused unread. Multipart uploads to MULTIPART_UPLOAD_ROUTES pass unread:
 * their route's guards refuse an anonymous or non-admin caller before multer reads anything.
 */
export function bodyParsing(
  isSignedIn: (req: Request, res: Response) => Promise<boolean>,
): RequestHandler {
  const json = jsonBody({
    limit: ANONYMOUS_BODY_LIMIT,
    extendedLimit: SIGNED_IN_BODY_LIMIT,
    mayExtend: isSignedIn,
  });
  const form = express.urlencoded({ extended: false, limit: ANONYMOUS_BODY_LIMIT });
  return (req: Request, res: Response, next: NextFunction) => {
    const compressed = (req.headers['content-encoding'] ?? 'identity').toLowerCase() !== 'identity';
    if (isMultipartUpload(req)) {
      // Whatever answers it (a guard's 401 or 403, a refusal, the upload's answer), the connection then
      // closes, so Node does not go on reading (draining) a body nobody wants.
      res.setHeader('Connection', 'close');
      return next();
    }
    const max = req.is('application/json') ? SIGNED_IN_BODY_LIMIT : ANONYMOUS_BODY_LIMIT;
    if (!compressed && Number(req.headers['content-length']) > max) {
      return refuseBody(res, bodyTooLarge(max));
    }
    json(req, res, (err?: unknown) => (err ? next(err) : form(req, res, next)));
  };
}

/**
 * Signed in: a session with a user (the session middleware runs here, earlier than usual, and not
 * again later), or the activation code of a user as a bearer token (the plugin's AI requests).
 */
export function signedInBy(sessions: RequestHandler, tokens: TokensService) {
  return async (req: Request, res: Response): Promise<boolean> => {
    await new Promise<void>((resolve, reject) =>
      sessions(req, res, (err?: unknown) => (err ? reject(err) : resolve())),
    );
    if ((req as AppRequest).session?.userId) return true;
    return Boolean(await tokens.identify(bearerToken(req.headers.authorization)));
  };
}
