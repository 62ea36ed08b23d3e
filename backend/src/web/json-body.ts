import type { NextFunction, Request, Response } from 'express';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import { bodyTooLarge, CommonError, CommonErrorCode } from '../common/common-errors';
import { sendError } from '../common/error-body';
import { JsonDepthGauge } from '../common/json-depth';

const DECOMPRESSORS: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * Refuses a request before or while reading its body: the answer says `Connection: close`, so the
 * rest of a body that is too large or too deep is never read (draining it would cost as much as
 * reading it).
 */
export function refuseBody(res: Response, error: CommonError) {
  if (res.headersSent) return;
  res.setHeader('Connection', 'close');
  sendError(res, error);
}

const unsupportedEncoding = () => new CommonError(CommonErrorCode.UNSUPPORTED_ENCODING);

/** Body limits: `limit` for everyone, `extendedLimit` for callers `mayExtend` accepts (asked once). */
export interface JsonBodyLimits {
  limit: number;
  extendedLimit: number;
  mayExtend: (req: Request, res: Response) => Promise<boolean>;
}

/**
 * Reads an `application/json` body (what express.json did, with the same answers), following its
 * nesting with a JsonDepthGauge on the raw (inflated) bytes as they arrive: a body deeper than 32
 * levels is refused at the first bracket over the limit, before JSON.parse builds anything, without
 * reading the rest and before any lookup of the caller. Only a body that grows past `limit` pauses to
 * ask `mayExtend` (a session or token lookup). Limits count inflated bytes, so a small compressed
 * body cannot expand past them. UTF-8 only (JSON's own encoding); objects and arrays only at the
 * top, like express.json.
 */
export function jsonBody({ limit, extendedLimit, mayExtend }: JsonBodyLimits) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.body !== undefined || !req.is('application/json')) return next();
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1];
    if (charset && !/^utf-?8$/i.test(charset)) {
      return refuseBody(res, unsupportedEncoding());
    }
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
    let source: Readable = req;
    if (encoding !== 'identity') {
      const decompress = DECOMPRESSORS[encoding];
      if (!decompress) return refuseBody(res, unsupportedEncoding());
      source = req.pipe(decompress()) as unknown as Readable;
    }
    const gauge = new JsonDepthGauge();
    const chunks: Buffer[] = [];
    let size = 0;
    let allowed = limit;
    let asked = false;
    let finished = false;
    const stop = (error: CommonError) => {
      finished = true;
      if (source !== req) {
        req.unpipe();
        source.destroy();
      }
      refuseBody(res, error);
    };
    source.on('data', (chunk: Buffer) => {
      if (finished) return;
      // Depth first: a nested body is refused on its first bytes, whoever sends it.
      if (gauge.feed(chunk)) return stop(new CommonError(CommonErrorCode.JSON_TOO_DEEP));
      size += chunk.length;
      chunks.push(chunk);
      if (size <= allowed) return;
      if (asked || allowed >= extendedLimit) return stop(bodyTooLarge(allowed));
      asked = true;
      source.pause();
      mayExtend(req, res).then(
        (yes) => {
          if (finished) return;
          if (yes) allowed = extendedLimit;
          if (size > allowed) return stop(bodyTooLarge(allowed));
          source.resume();
        },
        (err: unknown) => {
          finished = true;
          next(err);
        },
      );
    });
    source.on('error', (err: { code?: unknown }) => {
      if (finished) return;
      // zlib's errors (Z_DATA_ERROR...; ERR__ERROR_FORMAT_... for brotli) mean a body that does not inflate.
      const zlib = typeof err.code === 'string' && /^(Z_|ERR__ERROR_)/.test(err.code);
      stop(
        new CommonError(
          zlib ? CommonErrorCode.BODY_NOT_DECOMPRESSIBLE : CommonErrorCode.INVALID_BODY,
        ),
      );
    });
    source.on('end', () => {
      if (finished) return;
      finished = true;
      const text = Buffer.concat(chunks)
        .toString('utf8')
        .replace(/^\uFEFF/, '');
      // The exact text, for signatures over the raw body (WeChat Pay's notifications).
      (req as Request & { rawBody?: string }).rawBody = text;
      const first = /\S/.exec(text)?.[0];
      if (first === undefined) {
        req.body = {};
        return next();
      }
      try {
        if (first !== '{' && first !== '[') throw new SyntaxError('not an object or array');
        req.body = JSON.parse(text);
      } catch {
        return sendError(res, new CommonError(CommonErrorCode.MALFORMED_JSON));
      }
      next();
    });
  };
}
