import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import pino from 'pino';
import { AppModule } from '../app.module';
import { loadConfig, type AppConfig } from '../config/env';
import { PluginApiContractModule } from '../plugin-api/plugin-api.contract';

export const REPOSITORY_ROOT = resolve(__dirname, '../../..');
/** The committed document, from which the frontend's API types are generated. */
export const OPENAPI_FILE = join(REPOSITORY_ROOT, 'api/openapi.json');
/** What regenerates the committed document and the frontend types made from it. */
export const OPENAPI_GENERATE_COMMAND = 'npm run api:generate';

/**
 * The OpenAPI document of an app: its controllers, and the plugin routes (answered in front of Express,
 * see plugin-routes.ts) from their contract in plugin-api.contract.ts. Served at /api/docs-json by
 * bootstrap.ts, and written to api/openapi.json by `npm run api:generate`.
 */
export async function buildOpenApiDocument(
  app: INestApplication,
  config: AppConfig,
): Promise<OpenAPIObject> {
  const info = new DocumentBuilder()
    .setTitle(`${config.brandName} API`)
    .setDescription('Licence seats, activation codes, payments and the admin area.')
    .setVersion('1')
    .addCookieAuth(config.sessionCookieName)
    .addBearerAuth()
    .build();
  const document = SwaggerModule.createDocument(app, info);
  // The plugin routes' contract is read in a Nest app of its own that never listens (preview: nothing
  // is instantiated), so that Nest never mounts a second, reachable copy of those routes.
  const contract = await NestFactory.create(PluginApiContractModule, {
    preview: true,
    logger: false,
  });
  try {
    const plugin = SwaggerModule.createDocument(contract, info);
    Object.assign(document.paths, plugin.paths);
    document.components = {
      ...document.components,
      schemas: { ...document.components?.schemas, ...plugin.components?.schemas },
    };
  } finally {
    await contract.close();
  }
  return document;
}

/**
 * The document of the app as configured by default, built from the module metadata alone: the app is
 * created in preview mode (no provider is instantiated: no database, no server), its data directory a
 * throwaway one. The title and cookie name are the defaults (BRAND_NAME and SESSION_COOKIE_NAME change
 * them in a deployment's /api/docs-json).
 */
export async function defaultOpenApiDocument(): Promise<OpenAPIObject> {
  const dataDir = mkdtempSync(join(tmpdir(), 'seatkeeper-openapi-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: 'openapi-document-only-0123456789abcdef',
    });
    const app = await NestFactory.create(AppModule.forRoot(config, pino({ enabled: false })), {
      preview: true,
      logger: false,
    });
    try {
      return await buildOpenApiDocument(app, config);
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The committed form: two-space JSON and a final newline. */
export const serializeOpenApiDocument = (document: OpenAPIObject): string =>
  JSON.stringify(document, null, 2) + '\n';
