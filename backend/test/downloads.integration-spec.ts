import request from 'supertest';
import { type RunningApp, withFreshApp } from './support/app';
import { customer, errorOf } from './support/customer';
import { giveSeats } from './support/factories';

describe('plugin and theme delivery', () => {
  let running: RunningApp;
  let base: string;

  withFreshApp({}, async (app) => {
    running = app;
    base = app.url;
  });

  async function licensed() {
    const c = await customer(base);
    await giveSeats(running, c.userId, 'basic', 1);
    const token = (await c.agent.get('/api/apitokens/token')).body.plainToken as string;
    return { ...c, token };
  }
  const binary = (r: request.Test) =>
    r.buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });

  it('streams the release zip to a signed-in licence holder, with ETag and Range', async () => {
    const c = await licensed();
    const res = await binary(c.agent.get('/api/wp-updates/plugins/download/visual-editor')).expect(
      200,
    );
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="visual-editor-1.0.0.zip"',
    );
    expect((res.body as Buffer).subarray(0, 2).toString()).toBe('PK');
    const etag = res.headers.etag;
    expect(etag).toBeTruthy();
    await c.agent
      .get('/api/wp-updates/plugins/download/visual-editor')
      .set('If-None-Match', etag)
      .expect(304);
    const part = await binary(
      c.agent.get('/api/wp-updates/themes/download/minimal-theme').set('Range', 'bytes=0-9'),
    ).expect(206);
    expect((part.body as Buffer).length).toBe(10);
    expect(part.headers['content-range']).toMatch(/^bytes 0-9\/\d+$/);
  });

  it('accepts a bearer activation code', async () => {
    const c = await licensed();
    await request(base)
      .get('/api/wp-updates/themes/download/minimal-theme')
      .set('Authorization', `Bearer ${c.token}`)
      .expect(200);
  });

  it('refuses anonymous visitors (401), users without an active licence (403) and unknown products (404)', async () => {
    expect(
      (await request(base).get('/api/wp-updates/plugins/download/visual-editor').expect(401)).body,
    ).toEqual(errorOf('User not authenticated', 401));
    const c = await customer(base);
    expect(
      (await c.agent.get('/api/wp-updates/plugins/download/visual-editor').expect(403)).body,
    ).toEqual(errorOf('An active licence is required to download', 403));
    await giveSeats(running, c.userId, 'basic', 1, {
      licenseType: 'yearly',
      expiresAt: new Date(Date.now() - 1000),
    });
    await c.agent.get('/api/wp-updates/plugins/download/visual-editor').expect(403);
    const l = await licensed();
    expect((await l.agent.get('/api/wp-updates/plugins/download/nope').expect(404)).body).toEqual(
      errorOf('Product not found', 404),
    );
    await l.agent.get('/api/wp-updates/widgets/download/visual-editor').expect(404);
  });

  it('answers plugin-update-checker metadata with a package link for a bound site', async () => {
    const c = await licensed();
    await giveSeats(running, c.userId, 'basic', 1, {
      firstIndex: 2,
      bound: ['https://shop.example'],
    });
    const info = await request(base)
      .get(
        '/api/wp-updates/plugins/visual-editor/info?installed_version=0.9.0&php=8.2&locale=zh_CN&site=https://shop.example',
      )
      .set('Authorization', `Bearer ${c.token}`)
      .expect(200);
    expect(info.body).toMatchObject({
      name: 'Visual Editor',
      slug: 'visual-editor',
      version: '1.0.0',
      requires: '6.0',
      tested: '6.7',
      requires_php: '7.4',
      last_updated: '2026-11-01 00:00:00',
      homepage: `${base}/docs`,
      details_url: `${base}/api/wp-updates/plugins/visual-editor/details`,
      license: { code: 'VALID' },
    });
    expect(info.body.package).toBe(info.body.download_url);
    expect(Object.keys(info.body.sections)).toEqual(['description', 'installation', 'changelog']);
    const link = new URL(info.body.download_url);
    expect(link.pathname).toBe('/api/wp-updates/plugins/download/visual-editor');
    // WordPress fetches it without any header.
    await request(base)
      .get(link.pathname + link.search)
      .expect(200);
    const signed = link.searchParams.get('link')!;
    const tampered = `${signed.slice(0, 20)}${signed[20] === 'A' ? 'B' : 'A'}${signed.slice(21)}`;
    const refused = await request(base).get(`${link.pathname}?link=${tampered}`).expect(403);
    expect(refused.text).toBe('Download link is invalid or expired\n');
    await request(base)
      .get(`/api/wp-updates/themes/download/minimal-theme${link.search}`)
      .expect(403);

    const theme = await request(base)
      .get('/api/wp-updates/themes/minimal-theme/info?site=shop.example')
      .set('Authorization', `Bearer ${c.token}`)
      .expect(200);
    expect(theme.body).toMatchObject({
      version: '1.0.0',
      details_url: `${base}/api/wp-updates/themes/minimal-theme/details`,
      license: { code: 'VALID' },
    });
    expect(theme.body.package).toMatch(
      /^http.*\/api\/wp-updates\/themes\/download\/minimal-theme\?link=/,
    );
    const anonymous = await request(base)
      .get('/api/wp-updates/plugins/visual-editor/info')
      .expect(200);
    expect(anonymous.body).toMatchObject({ package: '', license: { code: 'TOKEN_INVALID' } });
  });
});
