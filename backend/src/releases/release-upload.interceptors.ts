import { unlink } from 'node:fs/promises';
import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import type { Request } from 'express';
import { catchError, finalize, type Observable, throwError } from 'rxjs';
import { CommonError, CommonErrorCode } from '../common/common-errors';
import { findTextFlaw } from '../common/input-rules';
import { ReleasesService } from './releases.service';

/** Room for the form's text fields and the multipart framing beside the zip itself. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

/**
 * Around the upload's multer (docs/wordpress.md, Releases); runs after the guards, so an anonymous or
 * non-admin caller is refused before anything of the body is read (and body-parsing.ts has the
 * connection close after any answer, so the rest is not drained). Refuses a body announced larger
 * than RELEASE_MAX_MB (plus the form's room) unread; answers multer's "File too large" as
 * RELEASE_TOO_LARGE naming the limit; and removes the temporary file however the request ends
 * (answered, refused by validation, or failed).
 */
@Injectable()
export class ReleaseUploadBoundary implements NestInterceptor {
  constructor(private readonly releases: ReleasesService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request & { file?: { path?: string } }>();
    const announced = Number(req.headers['content-length']);
    if (announced > this.releases.maxBytes + FORM_OVERHEAD_BYTES)
      return throwError(() => this.releases.tooLarge());
    return next.handle().pipe(
      catchError((e: unknown) =>
        throwError(() => (e instanceof PayloadTooLargeException ? this.releases.tooLarge() : e)),
      ),
      finalize(() => {
        const path = req.file?.path;
        if (path) void unlink(path).catch(() => undefined);
      }),
    );
  }
}

/**
 * The upload's text fields, once multer has read them, get the check every other body gets from the
 * input guard (which ran before multer): no NUL, no unpaired surrogate (input-rules.ts).
 */
@Injectable()
export class ReleaseFormTextGuard implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const problem = findTextFlaw(context.switchToHttp().getRequest<Request>().body);
    if (problem)
      return throwError(() => new CommonError(CommonErrorCode.INVALID_INPUT, { text: problem }));
    return next.handle();
  }
}
