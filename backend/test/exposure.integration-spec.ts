// What the store shows and to whom (docs/security.md, "Exposure"): the development mailbox only where the
// development sign-in is, the address the server listens on, Markdown images from this origin and the
// seller's hosts only, admin addresses off e-mail codes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ADMIN_EMAIL, startApp, type RunningApp } from './support/app';
import { startAppProcess, type AppProcess } from './support/app-process';
import { createTestDatabase, TEST_DB, type TestDatabase } from './support/database';
import { em } from './support/factories';

/** This machine's first address that is not loopback (IPv4), if it has one. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

describe(`exposure with Google configured, without SMTP_URL (${TEST_DB})`, () => {
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
    running = await startApp(db, {
      FRONTEND_DIST: dist,
      GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      DOCS_IMAGE_HOSTS: 'images.example.com, *.cdn.example.net',
      EMAIL_SIGN_IN: 'true',
      TRUST_PROXY: 'loopback',
      ADMIN_EMAIL_SIGN_IN: 'true',
    });
    base = running.url;
  });
  afterAll(async () => {
    await running?.close();
    await db?.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('has no development mailbox, even on this machine: it would show sign-in codes', async () => {
    // A sign-in code is waiting in the outbox (no SMTP_URL), and the request is a loopback one.
    await request(base)
      .post('/api/auth/email-code')
      .set('Origin', base)
      .set('X-Forwarded-For', '198.51.100.7')
      .send({ email: 'victim@example.com' })
      .expect(200);
    await request(base).get('/dev-mail/').expect(404);
    const [row] = await em(running)
      .getConnection()
      .execute<{ id: string }[]>(
        `select id from mail_outbox where recipient = 'victim@example.com'`,
      );
    await request(base).get(`/dev-mail/${row.id}`).expect(404);
    await request(base).get(`/dev-mail/${row.id}/html`).expect(404);
  });

  it("lets images come from this origin, Google's profile pictures and DOCS_IMAGE_HOSTS only (img-src), and tells the app the hosts", async () => {
    const page = await request(base).get('/docs').expect(200);
    const csp = String(page.headers['content-security-policy']);
    const imgSrc = /(?:^|;)\s*img-src ([^;]*)/.exec(csp)?.[1].trim().split(/\s+/);
    expect(imgSrc).toEqual([
      "'self'",
      'data:',
      'https://*.googleusercontent.com',
      'images.example.com',
      '*.cdn.example.net',
    ]);
    expect(csp).not.toMatch(/img-src[^;]*\shttps:(\s|;|$)/);
    const meta = /<meta name="app-config" content="([^"]*)"/.exec(page.text)?.[1] ?? '';
    expect(JSON.parse(meta.replace(/&quot;/g, '"').replace(/&amp;/g, '&'))).toMatchObject({
      docsImageHosts: ['images.example.com', '*.cdn.example.net'],
    });
  });

  it('lets an admin address sign in by e-mail code with ADMIN_EMAIL_SIGN_IN=true', async () => {
    await request(base)
      .post('/api/auth/email-code')
      .set('Origin', base)
      .set('X-Forwarded-For', '198.51.100.8')
      .send({ email: ADMIN_EMAIL })
      .expect(200);
  });
});

describe('the development mailbox behind a public PUBLIC_URL (no development sign-in there)', () => {
  let db: TestDatabase;
  let running: RunningApp;

  beforeAll(async () => {
    db = await createTestDatabase();
    running = await startApp(db, { PUBLIC_URL: 'https://shop.example' });
  });
  afterAll(async () => {
    await running?.close();
    await db?.drop();
  });

  it('is not served, even on this machine', async () => {
    await request(running.url).get('/dev-idp/authorize').expect(404);
    await request(running.url).get('/dev-mail/').expect(404);
  });
});

describe('the address the server listens on (main.ts)', () => {
  const started: { app: AppProcess; db: TestDatabase }[] = [];
  afterAll(async () => {
    for (const { app, db } of started) {
      await app.kill('SIGTERM');
      await db.drop();
    }
  });
  const start = async (env: Record<string, string>) => {
    const db = await createTestDatabase();
    const app = await startAppProcess(db, env);
    started.push({ app, db });
    return app;
  };
  /** Whether /api/health answers at this address and the app's port (15 s: a just-started app on a loaded CI machine once took over 3 s; a refused address fails at once). */
  const answers = async (app: AppProcess, address: string) => {
    const url = new URL(app.url);
    url.hostname = address;
    try {
      return (await fetch(`${url.origin}/api/health`, { signal: AbortSignal.timeout(15_000) })).ok;
    } catch {
      return false;
    }
  };

  it('is 127.0.0.1 outside production (the development pages are not for the network); HOST changes it', async () => {
    const [local, everywhere] = await Promise.all([start({}), start({ HOST: '0.0.0.0' })]);
    expect(await answers(local, '127.0.0.1')).toBe(true);
    expect(await answers(local, 'localhost')).toBe(true);
    expect(await answers(everywhere, '127.0.0.1')).toBe(true);
    expect(local.stdout()).toContain('(127.0.0.1;');
    if (!outsideAddress) {
      console.warn('SKIPPED: this machine has no non-loopback IPv4 address to reach the app by');
      return;
    }
    expect(await answers(local, outsideAddress)).toBe(false);
    expect(await answers(everywhere, outsideAddress)).toBe(true);
  });
});
