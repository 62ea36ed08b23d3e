import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { AUTH_KEY, PUBLIC_KEY } from '../src/common/auth.decorator';
import { OPENAPI_FILE } from '../src/web/openapi';
import { ADMIN_EMAIL, QUIZ_MANAGER_EMAIL, signIn, startApp, type RunningApp } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/database';

interface RouteInfo {
  method: string;
  path: string;
  role?: string;
  isPublic: boolean;
}

/** Every controller route of the running app, with its access metadata. */
function listRoutes(running: RunningApp): RouteInfo[] {
  const discovery = running.app.get(DiscoveryService);
  const scanner = running.app.get(MetadataScanner);
  const reflector = running.app.get(Reflector);
  const routes: RouteInfo[] = [];
  for (const wrapper of discovery.getControllers()) {
    const { instance, metatype } = wrapper;
    if (!instance || !metatype) continue;
    const prefixes = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
    for (const prefix of prefixes)
      for (const name of scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
        const handler = instance[name];
        const sub = Reflect.getMetadata(PATH_METADATA, handler);
        if (sub === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
        const path = (
          '/' + [prefix, ...([] as string[]).concat(sub)].filter((p) => p && p !== '/').join('/')
        ).replace(/\/+/g, '/');
        const targets = [handler, metatype];
        routes.push({
          method,
          path: path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000'),
          role: reflector.getAllAndOverride(AUTH_KEY, targets),
          isPublic: Boolean(reflector.getAllAndOverride(PUBLIC_KEY, targets)),
        });
      }
  }
  return routes;
}

describe('platform: errors, headers, static app, access matrix', () => {
  let db: TestDatabase;
  let running: RunningApp;
  let base: string;
  const dist = mkdtempSync(join(tmpdir(), 'seatkeeper-dist-'));

  beforeAll(async () => {
    writeFileSync(
      join(dist, 'index.html'),
      '<html><head><meta name="app-config" content="{}" /></head><body>app</body></html>',
    );
    db = await createTestDatabase();
    running = await startApp(db, { FRONTEND_DIST: dist, BRAND_NAME: 'MyStore' });
    base = running.url;
  });
  afterAll(async () => {
    await running?.close();
    await db?.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers the health check when the database answers', async () => {
    const res = await request(base).get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers an unknown /api path with a JSON 404 in the error shape', async () => {
    const res = await request(base).get('/api/no-such-thing').expect(404);
    expect(res.body).toEqual({
      statusCode: 404,
      error: 'Cannot GET /api/no-such-thing',
      message: 'Cannot GET /api/no-such-thing',
      code: 'NOT_FOUND',
    });
  });

  it('serves the React app for every other path, with the public configuration', async () => {
    for (const path of ['/', '/dashboard', '/admin/quiz', '/some/unknown/page']) {
      const res = await request(base).get(path).expect(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain(
        'content="{&quot;brandName&quot;:&quot;mystore&quot;,&quot;docsUrl&quot;:&quot;/docs&quot;,&quot;sessionCookie&quot;:false}"',
      );
    }
  });

  it('answers malformed JSON with 400 and bodies over 1 MB with 413, in the error shape', async () => {
    const bad = await request(base)
      .post('/api/auth/sign-in/social')
      .set('Content-Type', 'application/json')
      .send('{"provider":')
      .expect(400);
    expect(bad.body).toEqual({
      statusCode: 400,
      error: 'Malformed JSON in request body',
      message: 'Malformed JSON in request body',
      code: 'MALFORMED_JSON',
    });
    const huge = await request(base)
      .post('/api/auth/sign-in/social')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ provider: 'google', callbackURL: 'x'.repeat(1_100_000) }))
      .expect(413);
    expect(huge.body.statusCode).toBe(413);
    expect(huge.body.error).toBe(huge.body.message);
    expect(huge.body.code).toBe('BODY_TOO_LARGE');
  });

  it('refuses unknown and wrongly typed fields with 400 and the first failing rule', async () => {
    const unknown = await request(base)
      .post('/api/auth/sign-in/social')
      .send({ provider: 'google', admin: true })
      .expect(400);
    expect(unknown.body.message).toBe('property admin should not exist');
    expect(unknown.body.code).toBe('VALIDATION_FAILED');
    const typed = await request(base)
      .post('/api/auth/sign-in/social')
      .send({ provider: 42 })
      .expect(400);
    expect(typed.body.message).toBe('provider must be a string');
  });

  it('sends security headers and a request id, and echoes a given request id', async () => {
    const res = await request(base).get('/api/health').set('X-Request-Id', 'abc-123').expect(200);
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    const generated = await request(base).get('/api/health').expect(200);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes the OpenAPI document and the interactive docs at /api/docs', async () => {
    const doc = await request(base).get('/api/docs-json').expect(200);
    expect(doc.body.paths['/api/auth/get-session']).toBeDefined();
    expect(doc.body.paths['/api/health']).toBeDefined();
    const ui = await request(base).get('/api/docs/').expect(200);
    expect(ui.text).toContain('swagger');
  });

  it('serves the committed document (api/openapi.json), titled with the brand name', async () => {
    const served = (await request(base).get('/api/docs-json').expect(200)).body;
    const committed = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
    expect(served.info.title).toBe('mystore API');
    expect({ ...served, info: committed.info }).toEqual(committed);
  });

  it('serves the development identity provider outside production', async () => {
    const res = await request(base)
      .get('/dev-idp/authorize?response_type=code&client_id=nope&redirect_uri=x')
      .expect(400);
    expect(res.text).toContain('invalid_client');
  });

  it('marks every route @Public() or @Auth() and enforces anonymous, user and admin access', async () => {
    const routes = listRoutes(running);
    expect(routes.length).toBeGreaterThan(5);
    const unmarked = routes.filter((r) => !r.role && !r.isPublic);
    expect(unmarked).toEqual([]);

    const user = await signIn(base, 'plain-user@example.com');
    const admin = await signIn(base, ADMIN_EMAIL);
    const quiz = await signIn(base, QUIZ_MANAGER_EMAIL);
    const send = (
      agent: ReturnType<typeof request.agent> | ReturnType<typeof request>,
      r: RouteInfo,
    ) => {
      const m = r.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      return (agent as ReturnType<typeof request>)[m](r.path).set('Origin', base);
    };
    // These end the caller's sessions; the auth suite covers them signed in.
    const endsSession = (r: RouteInfo) =>
      ['/api/auth/revoke-sessions', '/api/auth/delete-user'].includes(r.path);
    for (const r of routes.filter((x) => x.role)) {
      const anon = await send(request(base), r);
      expect({ route: r, status: anon.status, message: anon.body.message }).toEqual({
        route: r,
        status: 401,
        message: 'User not authenticated',
      });
      if (endsSession(r)) continue;
      const asUser = await send(user.agent, r);
      if (r.role === 'admin')
        expect([asUser.status, asUser.body.message]).toEqual([403, 'Admin access required']);
      else if (r.role === 'quiz-admin')
        expect([asUser.status, asUser.body.message]).toEqual([403, 'Quiz admin access required']);
      else expect(asUser.status).not.toBe(401);
      if (r.role === 'quiz-admin') expect((await send(quiz.agent, r)).status).not.toBe(403);
      const asAdmin = await send(admin.agent, r);
      expect([401, 403]).not.toContain(asAdmin.status);
    }
  });
});
