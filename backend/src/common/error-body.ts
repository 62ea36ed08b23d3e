import { HttpException } from '@nestjs/common';
import type { Response } from 'express';
import { bodyTooLarge, CommonError, CommonErrorCode, COMMON_ERRORS } from './common-errors';
import { isDatabaseUnavailable } from './database-errors';
import { DomainError } from './domain-error';

/** The API's one error shape: the spec's `{ statusCode, error, message }` plus a stable `code`. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code: string;
  /** Fields an error carries on purpose (e.g. needs_model's triedModels and suggestions). */
  [extra: string]: unknown;
}

/** The spec's text goes in both `error` and `message`, so either reader works. */
function shape(statusCode: number, text: string, code: string): ErrorBody {
  return { statusCode, error: text, message: text, code };
}

/** Errors thrown by Express' body parsers and zlib carry a `type` or a `code`: as domain errors. */
export function bodyParserError(err: unknown): CommonError | undefined {
  const { type, code, limit } = (err ?? {}) as { type?: string; code?: unknown; limit?: unknown };
  if (type === 'entity.parse.failed') return new CommonError(CommonErrorCode.MALFORMED_JSON);
  if (type === 'entity.too.large') return bodyTooLarge(limit);
  // zlib's own errors from a Content-Encoding: gzip / deflate (Z_DATA_ERROR, Z_BUF_ERROR...) or br
  // (ERR__ERROR_FORMAT_...) body that does not decompress.
  if (typeof code === 'string' && /^(Z_|ERR__ERROR_)/.test(code))
    return new CommonError(CommonErrorCode.BODY_NOT_DECOMPRESSIBLE);
  if ((typeof type === 'string' && type.startsWith('encoding')) || type === 'charset.unsupported')
    return new CommonError(CommonErrorCode.UNSUPPORTED_ENCODING);
  if (
    type === 'request.aborted' ||
    type === 'request.size.invalid' ||
    type === 'stream.encoding.set'
  )
    return new CommonError(CommonErrorCode.INVALID_BODY);
  return undefined;
}

/** The code of an exception Nest or a library raised without one (ValidationPipe, unknown route...). */
export function codeForStatus(status: number): CommonErrorCode {
  switch (status) {
    case 400:
      return CommonErrorCode.VALIDATION_FAILED;
    case 401:
      return CommonErrorCode.UNAUTHENTICATED;
    case 403:
      return CommonErrorCode.FORBIDDEN;
    case 404:
      return CommonErrorCode.NOT_FOUND;
    case 413:
      return CommonErrorCode.BODY_TOO_LARGE;
    case 415:
      return CommonErrorCode.UNSUPPORTED_ENCODING;
    case 429:
      return CommonErrorCode.RATE_LIMITED;
    case 503:
      return CommonErrorCode.SERVICE_UNAVAILABLE;
    default:
      return status >= 500 ? CommonErrorCode.INTERNAL : CommonErrorCode.BAD_REQUEST;
  }
}

function httpExceptionText(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  // The ValidationPipe lists the failing rules: the first one is the answer.
  if (Array.isArray(message)) return String(message[0] ?? exception.message);
  if (typeof message === 'string') return message;
  return exception.message;
}

function httpExceptionBody(exception: HttpException): ErrorBody {
  const status = exception.getStatus();
  const response = exception.getResponse();
  const {
    statusCode: _s,
    error: _e,
    message: _m,
    code,
    ...extra
  } = typeof response === 'object' && response !== null
    ? (response as Record<string, unknown>)
    : {};
  return {
    ...extra,
    ...shape(
      status,
      httpExceptionText(exception),
      typeof code === 'string' ? code : codeForStatus(status),
    ),
  };
}

/**
 * Turns any error into the API's answer, on every path (the exception filter, the plugin fast path, the
 * body-parsing and input-guard middleware): a DomainError by its table, an exception from Nest by its
 * status, a database outage as 503, a body parser's error by its type; anything else is a 500 without
 * internals (the caller logs it).
 */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof DomainError)
    return { ...error.details, ...shape(error.status, error.message, error.code) };
  if (error instanceof HttpException) return httpExceptionBody(error);
  if (isDatabaseUnavailable(error)) return toErrorBody(databaseUnavailable());
  const parserError = bodyParserError(error);
  if (parserError) return toErrorBody(parserError);
  const internal = COMMON_ERRORS[CommonErrorCode.INTERNAL];
  return shape(internal.status, internal.text, CommonErrorCode.INTERNAL);
}

const databaseUnavailable = () => new CommonError(CommonErrorCode.DATABASE_UNAVAILABLE);

/** Headers that go with an error answer: a database outage is worth retrying in a second. */
export function errorHeaders(body: ErrorBody): Record<string, string> {
  return body.code === CommonErrorCode.DATABASE_UNAVAILABLE ? { 'Retry-After': '1' } : {};
}

/** Unexpected failures are logged (with the request id); refusals and outages are not. */
export const isUnexpected = (body: ErrorBody) => body.statusCode >= 500 && body.statusCode !== 503;

/** Answers an Express request with an error (middleware that refuse a request before any route). */
export function sendError(res: Response, error: unknown): void {
  if (res.headersSent) return;
  const body = toErrorBody(error);
  for (const [name, value] of Object.entries(errorHeaders(body))) res.setHeader(name, value);
  res.status(body.statusCode).json(body);
}
