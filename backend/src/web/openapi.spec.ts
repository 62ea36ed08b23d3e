import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import {
  defaultOpenApiDocument,
  OPENAPI_FILE,
  OPENAPI_GENERATE_COMMAND,
  REPOSITORY_ROOT,
  serializeOpenApiDocument,
} from './openapi';

type Operation = { responses: Record<string, { content?: unknown }> };

describe('the committed OpenAPI document (api/openapi.json)', () => {
  let built: Awaited<ReturnType<typeof defaultOpenApiDocument>>;
  beforeAll(async () => {
    built = await defaultOpenApiDocument();
  });

  it('is what the app produces', () => {
    const file = relative(REPOSITORY_ROOT, OPENAPI_FILE);
    const committed = existsSync(OPENAPI_FILE) ? readFileSync(OPENAPI_FILE, 'utf8') : '';
    const produced = serializeOpenApiDocument(built);
    if (committed !== produced) {
      // The first differing line, so the failure says what changed.
      const a = committed.split('\n');
      const b = produced.split('\n');
      const at = b.findIndex((line, i) => line !== a[i]);
      throw new Error(
        `${file} differs from the document the app produces (line ${at + 1}: committed ` +
          `${JSON.stringify(a[at] ?? '<end of file>')}, produced ${JSON.stringify(b[at])}).\n` +
          `Run \`${OPENAPI_GENERATE_COMMAND}\` and commit ${file} and frontend/src/lib/api/schema.d.ts.`,
      );
    }
  });

  it('documents an answer body for every route (the OAuth redirects of Google and WeChat excepted)', () => {
    const missing = Object.entries(built.paths).flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, Operation>)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .filter(([, op]) => !Object.values(op.responses).some((r) => r.content))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(missing).toEqual([
      'GET /api/auth/sign-in/google',
      'GET /api/auth/callback/google',
      'GET /api/auth/link/google',
      'GET /api/auth/wechat/start',
      'GET /api/auth/wechat/link',
      'GET /api/auth/callback/wechat',
    ]);
  });

  it('documents the plugin routes from their DTO classes', () => {
    const verify = built.paths['/api/verify-token'].post!;
    const check = built.paths['/api/licenses/check'].post!;
    expect(verify.responses['200']).toMatchObject({
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/VerifyTokenResponseDto' } },
      },
    });
    expect(check.requestBody).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/LicenseCheckDto' } } },
    });
    expect(built.components?.schemas?.LicenseCheckResultDto).toBeDefined();
  });
});
