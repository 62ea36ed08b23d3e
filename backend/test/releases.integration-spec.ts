import { until } from './support/until';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ADMIN_EMAIL, type RunningApp, signIn, withFreshApp } from './support/app';
import { customer, errorOf } from './support/customer';
import { TEST_DB } from './support/database';
import { em, giveSeats } from './support/factories';
import { makeZip, noise, pluginZip, sha256, themeZip } from './support/zips';

const RELEASES_DIR = join(__dirname, '../../releases');
const SEED_ZIP = readFileSync(join(RELEASES_DIR, 'plugins/visual-editor/visual-editor-1.0.0.zip'));

type Agent = ReturnType<typeof request.agent>;
const binary = (r: request.Test) =>
  r.buffer(true).parse((res, cb) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  });
const tempUploads = () =>
  new Set(readdirSync(tmpdir()).filter((f) => f.startsWith('seatkeeper-release-')));
/** The uploads' temporary files are gone (deleted as the answer goes out, not awaited by it). */
const noTempUploadsBeyond = (before: Set<string>) =>
  until(
    () => [...tempUploads()].every((f) => before.has(f)),
    'the temporary uploads deleted',
    2000,
  );

/**
 * A POST to the upload route that announces 50 MB of multipart body and sends a few bytes of it: the
 * answer must come without the server waiting for (reading) the rest.
 */
function unreadUpload(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; connection?: string; body: unknown }>((resolve, reject) => {
    const target = new URL('/api/admin/releases', url);
    const req = httpRequest({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'POST',
      headers: {
        'Content-Type': 'multipart/form-data; boundary=xyz',
        'Content-Length': String(50 * 1024 * 1024),
        Origin: url,
        ...headers,
      },
    });
    let settled = false;
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        settled = true;
        resolve({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          body: JSON.parse(Buffer.concat(chunks).toString()),
        });
        req.destroy();
      });
    });
    req.on('error', (e) => (settled ? undefined : reject(e)));
    req.write('--xyz\r\nContent-Disposition: form-data; name="kind"\r\n\r\nplugins\r\n');
  });
}

describe(`releases managed in the app (${TEST_DB})`, () => {
  let running: RunningApp;
  let base: string;
  let admin: Agent;

  withFreshApp({ RELEASE_MAX_MB: '1' }, async (app) => {
    running = app;
    base = app.url;
    admin = (await signIn(base, ADMIN_EMAIL)).agent;
  });

  const FIELDS = {
    kind: 'plugins',
    slug: 'visual-editor',
    version: '1.1.0',
    changelog: '#### 1.1.0\n\n- **Faster** saves <script>alert(1)</script>',
    requires: '6.1',
    tested: '6.8',
    requiresPhp: '8.0',
  };
  function upload(
    fields: Record<string, string | undefined>,
    file?: Buffer,
    agent: Agent = admin,
  ): request.Test {
    let req = agent.post('/api/admin/releases').set('Origin', base);
    for (const [k, v] of Object.entries({ ...FIELDS, ...fields }))
      if (v !== undefined) req = req.field(k, v);
    if (file) req = req.attach('file', file, 'upload.zip');
    return req;
  }

  async function licensedSite() {
    const c = await customer(base);
    await giveSeats(running, c.userId, 'basic', 1, { bound: ['https://shop.example'] });
    const token = (await c.agent.get('/api/apitokens/token')).body.plainToken as string;
    const info = (kind = 'plugins', slug = 'visual-editor') =>
      request(base)
        .get(`/api/wp-updates/${kind}/${slug}/info?site=https://shop.example`)
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
    return { ...c, token, info };
  }

  it('lists the seeded products with their first release current, and the upload limit', async () => {
    const list = (await admin.get('/api/admin/releases').expect(200)).body;
    expect(list.maxBytes).toBe(1024 * 1024);
    expect(list.products.map((p: { slug: string }) => p.slug).sort()).toEqual([
      'minimal-theme',
      'visual-editor',
    ]);
    const plugin = list.products.find((p: { slug: string }) => p.slug === 'visual-editor');
    expect(plugin).toMatchObject({ kind: 'plugins', name: 'Visual Editor' });
    expect(plugin.releases).toHaveLength(1);
    expect(plugin.current).toEqual({
      id: expect.any(String),
      kind: 'plugins',
      slug: 'visual-editor',
      name: 'Visual Editor',
      version: '1.0.0',
      // The manifest's Markdown changelog, as it is (not its former HTML section).
      changelog: expect.stringMatching(/^#### 1\.0\.0\n\n- 首个版本：/),
      requires: '6.0',
      tested: '6.7',
      requiresPhp: '7.4',
      fileName: 'visual-editor-1.0.0.zip',
      size: SEED_ZIP.length,
      sha256: sha256(SEED_ZIP),
      current: true,
      source: 'seed',
      uploadedBy: null,
      createdAt: '2026-11-01T00:00:00.000Z',
    });
    // Customers and visitors do not see it.
    await request(base).get('/api/admin/releases').expect(401);
    await (await customer(base)).agent.get('/api/admin/releases').expect(403);
  });

  it('takes a valid upload, makes it current, and every update route serves it at once', async () => {
    const site = await licensedSite();
    const before = tempUploads();
    // Over two stored chunks (256 kB each) of bytes that do not compress.
    const zip = await pluginZip('visual-editor', '1.1.0', {
      'visual-editor/assets/blob.bin': noise(600_000),
    });
    const res = await upload({}, zip).expect(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      kind: 'plugins',
      slug: 'visual-editor',
      name: 'Visual Editor',
      version: '1.1.0',
      changelog: FIELDS.changelog,
      requires: '6.1',
      tested: '6.8',
      requiresPhp: '8.0',
      fileName: 'visual-editor-1.1.0.zip',
      size: zip.length,
      sha256: sha256(zip),
      current: true,
      source: 'upload',
      uploadedBy: ADMIN_EMAIL,
      createdAt: expect.any(String),
    });
    await noTempUploadsBeyond(before);

    const list = (await admin.get('/api/admin/releases').expect(200)).body;
    const plugin = list.products.find((p: { slug: string }) => p.slug === 'visual-editor');
    expect(plugin.current.version).toBe('1.1.0');
    expect(
      plugin.releases.map((r: { version: string; current: boolean }) => [r.version, r.current]),
    ).toEqual([
      ['1.1.0', true],
      ['1.0.0', false],
    ]);

    const info = (await site.info()).body;
    expect(info).toMatchObject({
      version: '1.1.0',
      requires: '6.1',
      tested: '6.8',
      requires_php: '8.0',
      last_updated: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      license: { code: 'VALID' },
    });
    expect(info.sections.changelog).toMatch(
      /^<h4>1\.1\.0<\/h4>\n<ul>\n<li><strong>Faster<\/strong> saves\s*<\/li>\n<\/ul>$/,
    );
    // The product's own texts still come from its seed manifest.
    expect(Object.keys(info.sections)).toEqual(['description', 'installation', 'changelog']);

    const details = await request(base)
      .get('/api/wp-updates/plugins/visual-editor/details')
      .expect(200);
    expect(details.text).toContain('<dd>1.1.0</dd>');
    expect(details.text).toContain('<strong>Faster</strong>');
    expect(details.text).not.toContain('<script');

    // The package link downloads exactly the uploaded bytes, with the digest as the ETag.
    const link = new URL(info.package);
    const download = await binary(request(base).get(link.pathname + link.search)).expect(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-length']).toBe(String(zip.length));
    expect(download.headers['content-disposition']).toBe(
      'attachment; filename="visual-editor-1.1.0.zip"',
    );
    expect(download.headers.etag).toBe(`"${sha256(zip)}"`);
    expect(sha256(download.body as Buffer)).toBe(sha256(zip));
    await site.agent
      .get('/api/wp-updates/plugins/download/visual-editor')
      .set('If-None-Match', download.headers.etag)
      .expect(304);
    // One range across the first chunk boundary; a stale If-Range gets the whole file.
    const part = await binary(
      site.agent
        .get('/api/wp-updates/plugins/download/visual-editor')
        .set('Range', 'bytes=262000-262999'),
    ).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 262000-262999/${zip.length}`);
    expect((part.body as Buffer).equals(zip.subarray(262000, 263000))).toBe(true);
    const tail = await binary(
      site.agent.get('/api/wp-updates/plugins/download/visual-editor').set('Range', 'bytes=-10'),
    ).expect(206);
    expect((tail.body as Buffer).equals(zip.subarray(zip.length - 10))).toBe(true);
    await site.agent
      .get('/api/wp-updates/plugins/download/visual-editor')
      .set('Range', `bytes=${zip.length + 5}-`)
      .expect(416);
    const stale = await binary(
      site.agent
        .get('/api/wp-updates/plugins/download/visual-editor')
        .set('Range', 'bytes=0-9')
        .set('If-Range', '"old"'),
    ).expect(200);
    expect((stale.body as Buffer).length).toBe(zip.length);
  });

  it('takes a theme whose style.css carries the header', async () => {
    const zip = await themeZip('minimal-theme', '1.0.1');
    const res = await upload(
      { kind: 'themes', slug: 'minimal-theme', version: '1.0.1', changelog: undefined },
      zip,
    ).expect(201);
    expect(res.body).toMatchObject({ name: 'Minimal Theme', version: '1.0.1', changelog: '' });
  });

  it('refuses what is not a valid release of the product, with a clear code, leaving no temporary file', async () => {
    const before = tempUploads();
    const refusal = async (
      test: request.Test,
      status: number,
      code: string,
      details: Record<string, unknown> = {},
    ) => {
      const res = await test.expect(status);
      expect(res.body).toMatchObject({ ...errorOf(res.body.message, status, code), ...details });
      return res.body.message as string;
    };
    expect(
      await refusal(upload({}, Buffer.from('%PDF-1.7 not a zip')), 400, 'RELEASE_NOT_ZIP'),
    ).toBe('The file is not a zip archive');
    await refusal(upload({}, Buffer.alloc(0)), 400, 'RELEASE_NOT_ZIP');
    const truncated = (await pluginZip('visual-editor', '1.1.1')).subarray(0, 100);
    await refusal(upload({ version: '1.1.1' }, truncated), 400, 'RELEASE_NOT_ZIP');
    await refusal(
      upload({ version: '1.1.1' }, await pluginZip('other-plugin', '1.1.1')),
      400,
      'RELEASE_FOLDER_MISSING',
    );
    await refusal(
      upload(
        { version: '1.1.1' },
        await makeZip({
          'visual-editor/readme.txt': 'x',
          'visual-editor/inc/main.php': '<?php\n/* Plugin Name: X\nVersion: 1.1.1 */',
        }),
      ),
      400,
      'RELEASE_MAIN_FILE_MISSING',
    );
    await refusal(
      upload(
        { kind: 'themes', slug: 'minimal-theme', version: '1.1.1' },
        await pluginZip('minimal-theme', '1.1.1'),
      ),
      400,
      'RELEASE_MAIN_FILE_MISSING',
    );
    expect(
      await refusal(
        upload({ version: '1.1.2' }, await pluginZip('visual-editor', '1.1.3')),
        400,
        'RELEASE_VERSION_MISMATCH',
        // The versions beside the code: the admin's screen words the sentence in its language.
        { zipVersion: '1.1.3', formVersion: '1.1.2' },
      ),
    ).toBe("The zip's main file says Version: 1.1.3, the form says 1.1.2");
    expect(
      await refusal(
        upload(
          { version: '1.1.2' },
          await makeZip({ 'visual-editor/visual-editor.php': '<?php /* Plugin Name: V */' }),
        ),
        400,
        'RELEASE_VERSION_HEADER_MISSING',
        { formVersion: '1.1.2' },
      ),
    ).toBe("The zip's main file has no Version: header, the form says 1.1.2");
    // Past RELEASE_MAX_MB (1 MB here): refused while reading, the partial file removed.
    const big = await pluginZip('visual-editor', '1.1.4', {
      'visual-editor/big.bin': noise(1_200_000),
    });
    expect(
      await refusal(upload({ version: '1.1.4' }, big), 413, 'RELEASE_TOO_LARGE', {
        maxBytes: 1024 * 1024,
        maxMb: 1,
      }),
    ).toBe('The file is larger than 1 MB');
    await refusal(
      upload({ slug: 'nope' }, await pluginZip('nope', '1.1.0')),
      404,
      'PRODUCT_NOT_FOUND',
    );
    await refusal(
      upload({ kind: 'widgets' }, await pluginZip('visual-editor', '1.1.5')),
      400,
      'VALIDATION_FAILED',
    );
    for (const [field, value, message] of [
      ['version', '1.2', null],
      ['version', 'v1.2.3', 'version must look like 1.2.3 or 1.2.3-beta.1 (at most 32 characters)'],
      ['version', `1.2.3-${'a'.repeat(30)}`, null],
      ['requires', 'latest', 'requires must be a WordPress version like 6.0 or 6.7.1'],
      ['tested', '6', 'tested must be a WordPress version like 6.0 or 6.7.1'],
      ['requiresPhp', '>=7.4', 'requiresPhp must be a PHP version like 7.4'],
      [
        'changelog',
        'x'.repeat(20_001),
        'changelog must be shorter than or equal to 20000 characters',
      ],
      ['slug', '../etc', null],
    ] as const) {
      const res = await upload({ [field]: value }, await pluginZip('visual-editor', '1.1.6'));
      if (field === 'version' && value === '1.2') {
        // A valid version that the zip does not say.
        expect(res.body.code).toBe('RELEASE_VERSION_MISMATCH');
        continue;
      }
      expect([field, res.status, res.body.code]).toEqual([field, 400, 'VALIDATION_FAILED']);
      if (message) expect(res.body.message).toBe(message);
    }
    await refusal(
      upload({ changelog: 'a\u0000b' }, await pluginZip('visual-editor', '1.1.7')),
      400,
      'INVALID_INPUT',
    );
    await refusal(
      upload({ unknown: 'x' }, await pluginZip('visual-editor', '1.1.7')),
      400,
      'VALIDATION_FAILED',
    );
    expect(await refusal(upload({ version: '1.1.7' }), 400, 'RELEASE_FILE_REQUIRED')).toBe(
      'A zip file is required',
    );
    // Hostile bodies of other shapes: 4xx, never 500.
    await refusal(
      admin.post('/api/admin/releases').set('Origin', base).send(FIELDS),
      400,
      'RELEASE_FILE_REQUIRED',
    );
    await refusal(
      admin.post('/api/admin/releases').set('Origin', base).send({}),
      400,
      'VALIDATION_FAILED',
    );
    const malformed = await admin
      .post('/api/admin/releases')
      .set('Origin', base)
      .set('Content-Type', 'multipart/form-data; boundary=abc')
      .send('--abc\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\n\r\nPK');
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
    const noBoundary = await admin
      .post('/api/admin/releases')
      .set('Origin', base)
      .set('Content-Type', 'multipart/form-data')
      .send('x');
    expect(noBoundary.status).toBe(400);
    const twoFiles = await upload(
      { version: '1.1.8' },
      await pluginZip('visual-editor', '1.1.8'),
    ).attach('other', Buffer.from('x'), 'b.zip');
    expect(twoFiles.status).toBe(400);
    // Nothing was stored, and every temporary file is gone.
    const versions = (await admin.get('/api/admin/releases').expect(200)).body.products.flatMap(
      (p: { releases: { version: string }[] }) => p.releases.map((r) => r.version),
    );
    expect(versions.filter((v: string) => v.startsWith('1.1.') && v !== '1.1.0')).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    await noTempUploadsBeyond(before);
  });

  it('answers an existing version 409, and one of two simultaneous uploads of a version', async () => {
    const again = await upload({}, await pluginZip('visual-editor', '1.1.0')).expect(409);
    expect(again.body).toEqual(
      errorOf('Version 1.1.0 of visual-editor already exists', 409, 'RELEASE_VERSION_EXISTS'),
    );
    const zip = await pluginZip('visual-editor', '1.2.0');
    const both = await Promise.all([
      upload({ version: '1.2.0' }, zip),
      upload({ version: '1.2.0' }, zip),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const [{ count }] = await em(running)
      .getConnection()
      .execute(
        `select count(*)::int as count from releases where slug = 'visual-editor' and version = '1.2.0'`,
      );
    expect(count).toBe(1);
  });

  it('refuses visitors (401) and customers (403) before reading the body', async () => {
    const anonymous = await unreadUpload(base);
    // The connection closes after the answer: the rest of the body is not drained either.
    expect(anonymous).toEqual({
      status: 401,
      connection: 'close',
      body: errorOf('User not authenticated', 401),
    });
    const { cookie } = await signIn(base, `uploader-${Date.now()}@example.com`);
    const asCustomer = await unreadUpload(base, { Cookie: cookie });
    expect(asCustomer).toEqual({
      status: 403,
      connection: 'close',
      body: errorOf('Admin access required', 403),
    });
    // An admin's announced 50 MB is refused unread too (RELEASE_MAX_MB is 1).
    const { cookie: adminCookie } = await signIn(base, ADMIN_EMAIL);
    const tooBig = await unreadUpload(base, { Cookie: adminCookie });
    expect(tooBig).toEqual({
      status: 413,
      connection: 'close',
      body: {
        ...errorOf('The file is larger than 1 MB', 413, 'RELEASE_TOO_LARGE'),
        maxBytes: 1024 * 1024,
        maxMb: 1,
      },
    });
    // And a cross-site form post from an admin's browser is refused like any other admin POST.
    const crossSite = await upload({}, await pluginZip('visual-editor', '1.3.0')).set(
      'Origin',
      'https://evil.example',
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.code).toBe('CROSS_SITE_REFUSED');
  });

  it('moves the current marker back and forth; links and downloads follow it; audited once per move', async () => {
    const site = await licensedSite();
    const list = (await admin.get('/api/admin/releases').expect(200)).body;
    const plugin = list.products.find((p: { slug: string }) => p.slug === 'visual-editor');
    const seed = plugin.releases.find((r: { version: string }) => r.version === '1.0.0');
    const latest = plugin.current;
    // A link issued while the latest was current...
    const link = new URL((await site.info()).body.package);

    const back = await admin
      .post(`/api/admin/releases/${seed.id}/current`)
      .set('Origin', base)
      .send({})
      .expect(200);
    expect(back.body).toMatchObject({
      id: seed.id,
      version: '1.0.0',
      current: true,
      source: 'seed',
    });
    expect((await site.info()).body.version).toBe('1.0.0');
    // ...serves the current release after the rollback (the link is for the product, not a version).
    const old = await binary(request(base).get(link.pathname + link.search)).expect(200);
    expect(sha256(old.body as Buffer)).toBe(sha256(SEED_ZIP));
    expect(old.headers['content-disposition']).toBe(
      'attachment; filename="visual-editor-1.0.0.zip"',
    );
    const details = await request(base)
      .get('/api/wp-updates/plugins/visual-editor/details')
      .expect(200);
    expect(details.text).toContain('<dd>1.0.0</dd>');
    expect(details.text).toContain('<dd>2026-11-01 00:00:00</dd>');

    // Again: already current, answered as it is, not audited twice.
    await admin
      .post(`/api/admin/releases/${seed.id}/current`)
      .set('Origin', base)
      .send({})
      .expect(200);
    const forward = await admin
      .post(`/api/admin/releases/${latest.id}/current`)
      .set('Origin', base)
      .expect(200);
    expect(forward.body).toMatchObject({
      version: latest.version,
      current: true,
      uploadedBy: ADMIN_EMAIL,
    });
    expect((await site.info()).body.version).toBe(latest.version);

    const audit = (
      await admin.get('/api/admin/audit?action=release.current&pageSize=50').expect(200)
    ).body.items.filter((e: { target: string }) => e.target === 'plugins/visual-editor');
    expect(
      audit
        .slice(0, 2)
        .map((e: { before: unknown; after: unknown; actor: string }) => [
          e.actor,
          e.before,
          e.after,
        ]),
    ).toEqual([
      [ADMIN_EMAIL, { version: '1.0.0' }, { version: latest.version }],
      [ADMIN_EMAIL, { version: latest.version }, { version: '1.0.0' }],
    ]);
    const uploads = (
      await admin.get('/api/admin/audit?action=release.uploaded&pageSize=50').expect(200)
    ).body.items.filter((e: { target: string }) => e.target === 'plugins/visual-editor');
    expect(uploads.map((e: { after: { version: string } }) => e.after.version).sort()).toEqual([
      '1.1.0',
      '1.2.0',
    ]);
    expect(uploads[0].after).toEqual({
      version: expect.any(String),
      fileName: expect.stringMatching(/^visual-editor-1\.\d\.0\.zip$/),
      size: expect.any(Number),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    // Concurrent moves leave exactly one current release.
    await Promise.all(
      [seed.id, latest.id, seed.id, latest.id].map((id) =>
        admin.post(`/api/admin/releases/${id}/current`).set('Origin', base).expect(200),
      ),
    );
    const [{ count }] = await em(running)
      .getConnection()
      .execute(
        `select count(*)::int as count from releases where slug = 'visual-editor' and current`,
      );
    expect(count).toBe(1);

    await admin
      .post('/api/admin/releases/00000000-0000-4000-8000-000000000000/current')
      .set('Origin', base)
      .expect(404)
      .expect((r) => expect(r.body.code).toBe('RELEASE_NOT_FOUND'));
    await admin.post('/api/admin/releases/not-a-uuid/current').set('Origin', base).expect(400);
    await request(base).post(`/api/admin/releases/${seed.id}/current`).expect(401);
  });
});
