import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Response } from 'express';
import { isDatabaseUnavailable } from './database-errors';
import { loggableError } from './loggable-error';
import { Messages } from './messages';
import type { AppRequest } from './request';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
}

/** The spec's text goes in both `error` and `message`, so either reader works. */
export function errorBody(statusCode: number, text: string): ErrorBody {
  return { statusCode, error: text, message: text };
}

/** 'Request body is larger than 64 kB' / '1 MB', from the limit the parser applied. */
export function bodyTooLarge(limit: unknown): string {
  if (typeof limit !== 'number') return Messages.bodyTooLarge;
  const kB = Math.round(limit / 1024);
  return `Request body is larger than ${kB >= 1024 ? `${kB / 1024} MB` : `${kB} kB`}`;
}

/** Errors thrown by Express' body parsers carry a `type` and a status. */
export function bodyParserError(err: unknown): ErrorBody | undefined {
  const { type, code, limit } = (err ?? {}) as { type?: string; code?: unknown; limit?: unknown };
  if (type === 'entity.parse.failed') return errorBody(400, Messages.malformedJson);
  if (type === 'entity.too.large') return errorBody(413, bodyTooLarge(limit));
  // zlib's own errors from a Content-Encoding: gzip / deflate (Z_DATA_ERROR, Z_BUF_ERROR...) or br
  // (ERR__ERROR_FORMAT_...) body that does not decompress.
  if (typeof code === 'string' && /^(Z_|ERR__ERROR_)/.test(code))
    return errorBody(400, Messages.notDecompressible);
  if ((typeof type === 'string' && type.startsWith('encoding')) || type === 'charset.unsupported') {
    return errorBody(415, 'Unsupported request encoding');
  }
  if (
    type === 'request.aborted' ||
    type === 'request.size.invalid' ||
    type === 'stream.encoding.set'
  ) {
    return errorBody(400, 'Invalid request body');
  }
  return undefined;
}

function httpExceptionText(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return String(message[0] ?? exception.message);
  if (typeof message === 'string') return message;
  return exception.message;
}

/** Fields beyond the error shape that an exception carries on purpose (e.g. code, triedModels). */
function extraFields(exception: HttpException): Record<string, unknown> {
  const response = exception.getResponse();
  if (typeof response !== 'object' || response === null) return {};
  const { statusCode: _s, error: _e, message: _m, ...rest } = response as Record<string, unknown>;
  return rest;
}

/** One error shape for the whole API: { statusCode, error, message }; never a stack trace. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost) {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<AppRequest>();
    let body: ErrorBody;
    if (exception instanceof HttpException) {
      body = {
        ...extraFields(exception),
        ...errorBody(exception.getStatus(), httpExceptionText(exception)),
      };
    } else if (isDatabaseUnavailable(exception)) {
      body = errorBody(HttpStatus.SERVICE_UNAVAILABLE, Messages.databaseUnavailable);
      if (!res.headersSent) res.setHeader('Retry-After', '1');
    } else {
      body =
        bodyParserError(exception) ??
        errorBody(HttpStatus.INTERNAL_SERVER_ERROR, Messages.internal);
    }
    if (body.statusCode >= 500 && body.statusCode !== 503) {
      this.logger.error({ err: loggableError(exception), requestId: req.id }, 'request failed');
    }
    if (res.headersSent) return;
    res.status(body.statusCode).json(body);
  }
}
