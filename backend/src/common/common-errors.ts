import { DomainError, type DomainErrorOptions, type ErrorTable } from './domain-error';

/** Errors any route can answer: sign-in and roles, bad input, limits, outages. */
export enum CommonErrorCode {
  /** A DTO rule failed (the ValidationPipe, the null guard, the plugin's field checks): its text. */
  VALIDATION_FAILED = 'VALIDATION_FAILED',
  /** Any other 400 a framework part raises. */
  BAD_REQUEST = 'BAD_REQUEST',
  MALFORMED_JSON = 'MALFORMED_JSON',
  JSON_TOO_DEEP = 'JSON_TOO_DEEP',
  BODY_NOT_DECOMPRESSIBLE = 'BODY_NOT_DECOMPRESSIBLE',
  INVALID_BODY = 'INVALID_BODY',
  /** Text the database cannot hold (NUL, unpaired surrogates), a repeated query parameter, a bad path. */
  INVALID_INPUT = 'INVALID_INPUT',
  BODY_TOO_LARGE = 'BODY_TOO_LARGE',
  UNSUPPORTED_ENCODING = 'UNSUPPORTED_ENCODING',
  UNAUTHENTICATED = 'UNAUTHENTICATED',
  /** A route open to no role (neither @Public nor @Auth), or any other 403. */
  FORBIDDEN = 'FORBIDDEN',
  ADMIN_REQUIRED = 'ADMIN_REQUIRED',
  QUIZ_ADMIN_REQUIRED = 'QUIZ_ADMIN_REQUIRED',
  CROSS_SITE_REFUSED = 'CROSS_SITE_REFUSED',
  /** An unknown route (Nest's 'Cannot GET /api/...'), or any other 404. */
  NOT_FOUND = 'NOT_FOUND',
  RATE_LIMITED = 'RATE_LIMITED',
  INTERNAL = 'INTERNAL',
  DATABASE_UNAVAILABLE = 'DATABASE_UNAVAILABLE',
  SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE',
}

export const COMMON_ERRORS: ErrorTable<CommonErrorCode> = {
  [CommonErrorCode.VALIDATION_FAILED]: { status: 400, text: 'Validation failed' },
  [CommonErrorCode.BAD_REQUEST]: { status: 400, text: 'Bad Request' },
  [CommonErrorCode.MALFORMED_JSON]: { status: 400, text: 'Malformed JSON in request body' },
  [CommonErrorCode.JSON_TOO_DEEP]: {
    status: 400,
    text: 'Request body is nested deeper than 32 levels',
  },
  [CommonErrorCode.BODY_NOT_DECOMPRESSIBLE]: {
    status: 400,
    text: 'Request body could not be decompressed',
  },
  [CommonErrorCode.INVALID_BODY]: { status: 400, text: 'Invalid request body' },
  [CommonErrorCode.INVALID_INPUT]: { status: 400, text: 'Invalid input' },
  [CommonErrorCode.BODY_TOO_LARGE]: { status: 413, text: 'Request body is larger than 1 MB' },
  [CommonErrorCode.UNSUPPORTED_ENCODING]: { status: 415, text: 'Unsupported request encoding' },
  [CommonErrorCode.UNAUTHENTICATED]: { status: 401, text: 'User not authenticated' },
  [CommonErrorCode.FORBIDDEN]: { status: 403, text: 'Access denied' },
  [CommonErrorCode.ADMIN_REQUIRED]: { status: 403, text: 'Admin access required' },
  [CommonErrorCode.QUIZ_ADMIN_REQUIRED]: { status: 403, text: 'Quiz admin access required' },
  [CommonErrorCode.CROSS_SITE_REFUSED]: { status: 403, text: 'Cross-site request refused' },
  [CommonErrorCode.NOT_FOUND]: { status: 404, text: 'Not Found' },
  [CommonErrorCode.RATE_LIMITED]: { status: 429, text: 'Too many requests, please retry later' },
  [CommonErrorCode.INTERNAL]: { status: 500, text: 'Internal server error' },
  [CommonErrorCode.DATABASE_UNAVAILABLE]: { status: 503, text: 'Database unavailable' },
  [CommonErrorCode.SERVICE_UNAVAILABLE]: { status: 503, text: 'Service Unavailable' },
};

export class CommonError extends DomainError<CommonErrorCode> {
  constructor(code: CommonErrorCode, options?: DomainErrorOptions) {
    super(code, COMMON_ERRORS[code], options);
  }
}

/** 'Request body is larger than 64 kB' / '1 MB', from the limit applied (bytes). */
export function bodyTooLarge(limit?: unknown): CommonError {
  if (typeof limit !== 'number') return new CommonError(CommonErrorCode.BODY_TOO_LARGE);
  const kB = Math.round(limit / 1024);
  const size = kB >= 1024 ? `${kB / 1024} MB` : `${kB} kB`;
  return new CommonError(CommonErrorCode.BODY_TOO_LARGE, {
    text: `Request body is larger than ${size}`,
  });
}
