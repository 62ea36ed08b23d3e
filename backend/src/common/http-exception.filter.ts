import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { errorHeaders, isUnexpected, toErrorBody } from './error-body';
import { loggableError } from './loggable-error';
import type { AppRequest } from './request';

/**
 * One error shape for the whole API: { statusCode, error, message, code } (see error-body.ts); never a
 * stack trace. Unexpected errors are logged with the request id.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost) {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<AppRequest>();
    const body = toErrorBody(exception);
    if (isUnexpected(body)) {
      this.logger.error({ err: loggableError(exception), requestId: req.id }, 'request failed');
    }
    if (res.headersSent) return;
    for (const [name, value] of Object.entries(errorHeaders(body))) res.setHeader(name, value);
    res.status(body.statusCode).json(body);
  }
}
