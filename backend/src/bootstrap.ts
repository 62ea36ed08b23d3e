import 'reflect-metadata';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import proxyAddr from 'proxy-addr';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { ValidationPipe } from '@nestjs/common';
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { inputGuard } from './common/input-guard.middleware';
import { NullGuardPipe } from './common/null-guard.pipe';
import { fakeOpenAiRouter } from './dev-ai/fake-openai';
import { bodyParserError, sendError } from './common/error-body';
import type { AppConfig } from './config/env';
import { InstallsService } from './installs/installs.service';
import { LicensesService } from './licenses/licenses.service';
import { MetricsService } from './metrics/metrics.service';
import { pluginHandler } from './plugin-api/plugin-routes';
import { RateLimitsService } from './rate-limits/rate-limits.service';
import { SessionStoreService } from './auth/session-store.service';
import { SigningService } from './signing/signing.service';
import { TokensService } from './tokens/tokens.service';
import { bodyParsing, signedInBy } from './web/body-parsing';
import { createRootLogger } from './web/logging';
import { imageSources } from './web/image-sources';
import { buildOpenApiDocument } from './web/openapi';
import { spaHandlers } from './web/spa';

/** Builds the whole app (used by main.ts and by the integration tests, so both run the same stack). */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const rootLogger = createRootLogger(config);
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(config, rootLogger),
    {
      bodyParser: false,
      bufferLogs: true,
    },
  );
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  const metrics = app.get(MetricsService);
  // Every request Express answers, timed and labelled by route template (docs/monitoring.md).
  if (metrics.enabled) app.use(metrics.httpMiddleware());
  // API answers are personal and many carry secrets (activation code, revealed AI key, signed links): no
  // cache, shared or private, keeps them. A handler that serves a file sets its own policy (downloads).
  app.use(['/api', '/apitokens'], (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // The plugin's hot paths are answered before Express sees the request (see plugin-routes.ts).
  const trust = app.getHttpAdapter().getInstance().get('trust proxy fn');
  const plugin = pluginHandler({
    tokens: app.get(TokensService),
    licenses: app.get(LicensesService),
    signer: app.get(SigningService),
    limiter: app.get(RateLimitsService).limiter('plugin', config.pluginRateLimit),
    metrics: metrics.enabled ? metrics : undefined,
    installs: app.get(InstallsService),
    clientAddress: (req) => proxyAddr(req, trust),
    logger: rootLogger,
  });
  const server: Server = app.getHttpServer();
  const expressListeners = server.listeners('request') as ((
    req: IncomingMessage,
    res: ServerResponse,
  ) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!plugin(req, res)) for (const listener of expressListeners) listener(req, res);
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Images from this origin, data: and the hosts the seller lists only (no tracking pixels in docs).
          'img-src': imageSources(config),
          'upgrade-insecure-requests': config.publicUrl.startsWith('https://') ? [] : null,
        },
      },
      hsts: config.publicUrl.startsWith('https://'),
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
  );
  app.use(compression());
  // Outside production, a local OpenAI-compatible provider (any key starting with "sk-"; models dev-chat,
  // dev-chat-mini, dev-slow), so the AI features work without an outside provider.
  if (!config.isProduction) app.use('/dev-ai/v1', fakeOpenAiRouter());
  app.use(...spaHandlers(config));
  // 64 kB for anonymous callers, 1 MB signed in; JSON nested deeper than 32 levels refused unparsed.
  app.use(bodyParsing(signedInBy(app.get(SessionStoreService).middleware, app.get(TokensService))));
  app.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    const refusal = bodyParserError(err);
    if (!refusal) return next(err);
    sendError(res, refusal);
  });
  app.use(inputGuard());
  // The CSRF check runs right after the session middleware (AuthModule), from the session it loaded.
  app.useGlobalPipes(
    new NullGuardPipe(),
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      stopAtFirstError: true,
    }),
  );
  const document = await buildOpenApiDocument(app, config);
  // The contract's own Nest app is created with `logger: false`, which silences Nest's logger for the
  // whole process: this app's logger is put back (the exception filter logs through it).
  app.useLogger(app.get(Logger));
  // Swagger UI and the document: in development, in production only with API_DOCS=true (docs/security.md,
  // "Exposure").
  if (config.security.apiDocs)
    SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  app.enableShutdownHooks();
  return app;
}
