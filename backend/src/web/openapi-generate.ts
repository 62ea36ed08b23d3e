import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import {
  defaultOpenApiDocument,
  OPENAPI_FILE,
  REPOSITORY_ROOT,
  serializeOpenApiDocument,
} from './openapi';

/**
 * Writes api/openapi.json from the app's module metadata (no database, no server). The first step of
 * `npm run api:generate` (scripts/api-generate.mjs), which then generates the frontend's types from it.
 */
async function main() {
  const document = await defaultOpenApiDocument();
  mkdirSync(dirname(OPENAPI_FILE), { recursive: true });
  writeFileSync(OPENAPI_FILE, serializeOpenApiDocument(document));
  console.log(`wrote ${relative(REPOSITORY_ROOT, OPENAPI_FILE)}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
