import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OnApplicationShutdown } from '@nestjs/common';
import type { Params } from 'nestjs-pino';
import pino, { type Logger } from 'pino';
import type { AppConfig } from '../config/env';

export type PinoRoot = Logger;
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The app's one pino logger: JSON lines, buffered asynchronous writes (flushed on exit), since a
 * synchronous write per request costs the hot paths.
 */
export function createRootLogger(config: AppConfig): PinoRoot {
  if (config.logFile)
    return pino(
      { level: config.logLevel },
      pino.destination({ dest: config.logFile, sync: true, mkdir: true }),
    );
  if (config.nodeEnv === 'test') return pino({ level: config.logLevel });
  // pino flushes this on process exit; a signal is handled by LogFlusher.
  return pino(
    { level: config.logLevel },
    pino.destination({ dest: 1, sync: false, minLength: 4096 }),
  );
}

/** Request logs with a request id; no cookies, tokens or query strings (they may carry secrets). */
export function loggerOptions(_config: AppConfig, logger: PinoRoot): Params {
  return {
    pinoHttp: {
      logger,
      genReqId: (req: IncomingMessage, res: ServerResponse) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          path: req.url.split('?')[0],
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    },
  };
}

/**
 * Writes what the logger still buffers when the app shuts down: Nest re-raises SIGTERM after its shutdown
 * hooks, which ends the process without an 'exit' event.
 */
export class LogFlusher implements OnApplicationShutdown {
  constructor(private readonly logger: PinoRoot) {}

  /** Waits for the write, at most 2 s: a reader that stopped reading must not hold the shutdown. */
  onApplicationShutdown(): Promise<void> {
    return new Promise((resolve) => {
      setTimeout(resolve, 2000).unref();
      this.logger.flush(() => resolve());
    });
  }
}
