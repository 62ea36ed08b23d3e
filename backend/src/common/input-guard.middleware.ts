import type { NextFunction, Request, Response } from 'express';
import { CommonError, CommonErrorCode } from './common-errors';
import { sendError } from './error-body';
import { findTextFlaw, pathFlaw, repeatedQueryParam } from './input-rules';

/**
 * One check for every request after its body is parsed and before any route sees it: the URL path,
 * each query parameter (given once, no NUL, no unpaired surrogate) and every string and field name
 * of the body. Refused with 400 and the error shape, so such text never reaches a service or the
 * database (see input-rules.ts for why each is refused).
 */
export function inputGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    const query = req.query as Record<string, unknown>;
    const problem =
      pathFlaw(req.path) ??
      repeatedQueryParam(query) ??
      findTextFlaw(query) ??
      findTextFlaw(req.body);
    if (!problem) return next();
    sendError(res, new CommonError(CommonErrorCode.INVALID_INPUT, { text: problem }));
  };
}
