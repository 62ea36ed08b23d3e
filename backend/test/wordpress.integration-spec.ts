import { createPublicKey, verify } from 'node:crypto';
import request from 'supertest';
import { loadConfig } from '../src/config/env';
import { type RunningApp, withFreshApp } from './support/app';
import { customer, errorOf } from './support/customer';
import { em, giveSeats } from './support/factories';
import { License } from '../src/licenses/license.entity';

/** The store side of the WordPress channel (docs/wordpress.md). */
describe('WordPress: licence check and signatures', () => {
  let running: RunningApp;
  let base: string;

  withFreshApp({}, async (app) => {
    running = app;
    base = app.url;
  });

  async function licensed() {
    const c = await customer(base);
    await giveSeats(running, c.userId, 'pro', 1, { bound: ['https://shop.example'] });
    const token = (await c.agent.get('/api/apitokens/token')).body.plainToken as string;
    return { ...c, token };
  }

  /** Verifies an answer's signature with the published key, as the SDK does (raw 32-byte key). */
  async function signatureHolds(raw: Buffer, headers: Record<string, string>) {
    const published = (await request(base).get('/api/licenses/public-key').expect(200)).body;
    expect(headers['x-seatkeeper-key-id']).toBe(published.keyId);
    const key = createPublicKey({
      key: {
        kty: 'OKP',
        crv: 'Ed25519',
        x: Buffer.from(published.publicKey, 'base64').toString('base64url'),
      },
      format: 'jwk',
    });
    return verify(null, raw, key, Buffer.from(headers['x-seatkeeper-signature'], 'base64'));
  }

  const rawText = (r: request.Test) =>
    r.buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });

  it('accepts a form-encoded body like a JSON one, with the same messages', async () => {
    const { token } = await licensed();
    const form = await request(base)
      .post('/api/licenses/check')
      .set('Authorization', `Bearer ${token}`)
      .type('form')
      .send('domain=www.shop.example')
      .expect(200);
    expect(form.body).toMatchObject({ valid: true, code: 'VALID', domain: 'shop.example' });
    const missing = await request(base)
      .post('/api/licenses/check')
      .set('Authorization', `Bearer ${token}`)
      .type('form')
      .send('')
      .expect(400);
    expect(missing.body).toEqual(errorOf('Domain is required', 400, 'VALIDATION_FAILED'));
    const blank = await request(base)
      .post('/api/licenses/check')
      .type('form')
      .send('domain=%20%20')
      .expect(400);
    expect(blank.body.message).toBe('Domain is required');
    const extra = await request(base)
      .post('/api/licenses/check')
      .type('form')
      .send('domain=shop.example&x=1')
      .expect(400);
    expect(extra.body.message).toBe('property x should not exist');
    const twice = await request(base)
      .post('/api/licenses/check')
      .type('form')
      .send('domain=shop.example&domain=other.example')
      .expect(400);
    expect(twice.body.message).toBe('Field domain must not be repeated');
    const nul = await request(base)
      .post('/api/licenses/check')
      .type('form')
      .send('domain=shop.example%00')
      .expect(400);
    expect(nul.body.code).toBe('INVALID_INPUT');
  });

  it('takes the code from the bearer header, else the license_key field, else the query', async () => {
    const { token } = await licensed();
    const viaForm = await request(base)
      .post('/api/licenses/check')
      .type('form')
      .send(`domain=shop.example&license_key=${encodeURIComponent(token)}`)
      .expect(200);
    expect(viaForm.body.code).toBe('VALID');
    const viaJson = await request(base)
      .post('/api/licenses/check')
      .send({ domain: 'shop.example', license_key: token })
      .expect(200);
    expect(viaJson.body.code).toBe('VALID');
    const viaQuery = await request(base)
      .post(`/api/licenses/check?license_key=${encodeURIComponent(token)}`)
      .send({ domain: 'shop.example' })
      .expect(200);
    expect(viaQuery.body.code).toBe('VALID');
    // The bearer header wins over a wrong field.
    const bearerFirst = await request(base)
      .post('/api/licenses/check')
      .set('Authorization', `Bearer ${token}`)
      .send({ domain: 'shop.example', license_key: 'wrong' })
      .expect(200);
    expect(bearerFirst.body.code).toBe('VALID');
    const none = await request(base)
      .post('/api/licenses/check')
      .send({ domain: 'shop.example' })
      .expect(200);
    expect(none.body).toMatchObject({ valid: false, code: 'TOKEN_INVALID' });
    const repeated = await request(base)
      .post('/api/licenses/check?license_key=a&license_key=b')
      .send({ domain: 'shop.example' })
      .expect(400);
    expect(repeated.body.message).toBe('Query parameter license_key must not be repeated');
  });

  it('signs the exact body with the published Ed25519 key; an altered body fails', async () => {
    const { token } = await licensed();
    const published = (await request(base).get('/api/licenses/public-key').expect(200)).body;
    expect(published).toEqual({
      algorithm: 'Ed25519',
      keyId: expect.stringMatching(/^[0-9a-f]{16}$/),
      publicKey: expect.any(String),
      pem: expect.stringContaining('-----BEGIN PUBLIC KEY-----'),
    });
    expect(Buffer.from(published.publicKey, 'base64')).toHaveLength(32);
    for (const domain of ['shop.example', 'elsewhere.example']) {
      const res = await rawText(
        request(base)
          .post('/api/licenses/check')
          .set('Authorization', `Bearer ${token}`)
          .send({ domain }),
      ).expect(200);
      const raw = res.body as Buffer;
      expect(await signatureHolds(raw, res.headers)).toBe(true);
      const altered = Buffer.from(
        raw
          .toString()
          .replace(/"valid":(true|false)/, (_, v) => `"valid":${v === 'true' ? 'false' : 'true'}`),
      );
      expect(altered.equals(raw)).toBe(false);
      expect(await signatureHolds(altered, res.headers)).toBe(false);
    }
  });

  it('keeps the generated key across restarts of the same data directory', async () => {
    const first = (await request(base).get('/api/licenses/public-key').expect(200)).body;
    expect(running.config.licenseSigningKey).toContain('BEGIN PRIVATE KEY');
    const again = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: running.config.dataDir,
      DATABASE_URL: running.config.databaseUrl ?? '',
      BETTER_AUTH_SECRET: running.config.secret,
    });
    expect(again.licenseSigningKey).toBe(running.config.licenseSigningKey);
    expect(first.keyId).toHaveLength(16);
  });
});

describe('WordPress: update metadata, package links and the details page', () => {
  let running: RunningApp;
  let base: string;

  withFreshApp({}, async (app) => {
    running = app;
    base = app.url;
  });

  async function licensed(site = 'https://shop.example') {
    const c = await customer(base);
    const [seat] = await giveSeats(running, c.userId, 'pro', 2, { bound: [site] });
    const token = (await c.agent.get('/api/apitokens/token')).body.plainToken as string;
    return { ...c, token, seat };
  }
  const info = (query: string, token?: string) => {
    const r = request(base).get(`/api/wp-updates/plugins/visual-editor/info?${query}`);
    return (token ? r.set('Authorization', `Bearer ${token}`) : r).expect(200);
  };
  const linkPath = (url: string) => {
    const u = new URL(url);
    return u.pathname + u.search;
  };

  it('gives a bound site its package, by bearer or license_key query, and signs the answer', async () => {
    const { token } = await licensed();
    const byBearer = await info('site=https://www.shop.example/', token);
    expect(byBearer.body).toMatchObject({ license: { code: 'VALID' } });
    expect(byBearer.body.upgrade_notice).toBeUndefined();
    expect(byBearer.body.package).toContain('/api/wp-updates/plugins/download/visual-editor?link=');
    const byQuery = await info(`site=shop.example&license_key=${encodeURIComponent(token)}`);
    expect(byQuery.body.license.code).toBe('VALID');
    expect(byQuery.body.package).not.toBe('');
    await request(base).get(linkPath(byQuery.body.package)).expect(200);

    const published = (await request(base).get('/api/licenses/public-key').expect(200)).body;
    const key = createPublicKey(published.pem);
    const raw = Buffer.from(byBearer.text);
    const signature = Buffer.from(byBearer.headers['x-seatkeeper-signature'], 'base64');
    expect(byBearer.headers['x-seatkeeper-key-id']).toBe(published.keyId);
    expect(verify(null, raw, key, signature)).toBe(true);
    expect(verify(null, Buffer.from(byBearer.text.replace('VALID', 'VALIE')), key, signature)).toBe(
      false,
    );
  });

  it('answers 200 without a package, with a notice, when the site is not entitled', async () => {
    const { token } = await licensed();
    const unbound = await info('site=https://elsewhere.example', token);
    expect(unbound.body).toMatchObject({
      name: 'Visual Editor',
      version: '1.0.0',
      package: '',
      download_url: '',
      license: { code: 'DOMAIN_NOT_BOUND' },
      upgrade_notice: `Bind elsewhere.example to a seat in the console: ${base}/dashboard`,
    });
    expect(unbound.body.sections.changelog).toContain('1.0.0');
    const invalid = await info('site=https://shop.example&license_key=not-a-code');
    expect(invalid.body).toMatchObject({
      package: '',
      license: { code: 'TOKEN_INVALID' },
      upgrade_notice: 'Enter a valid activation code in Settings → Visual Editor licence',
    });
    const none = await info('site=https://shop.example');
    expect(none.body).toMatchObject({ package: '', license: { code: 'TOKEN_INVALID' } });
    const noSite = await info('', token);
    expect(noSite.body).toMatchObject({ package: '', license: { code: 'DOMAIN_NOT_BOUND' } });
    const badSite = await info('site=not%20a%20site', token);
    expect(badSite.body).toMatchObject({ package: '', license: { code: 'DOMAIN_NOT_BOUND' } });
    await request(base).get('/api/wp-updates/plugins/nope/info').expect(404);
  });

  it('answers revoked and expired seats without a package', async () => {
    const revoked = await licensed('https://refunded.example');
    await em(running).nativeUpdate(License, { id: revoked.seat.id }, { revokedAt: new Date() });
    expect((await info('site=refunded.example', revoked.token)).body).toMatchObject({
      package: '',
      license: { code: 'LICENSE_REVOKED' },
    });
    const c = await customer(base);
    await giveSeats(running, c.userId, 'basic', 1, {
      licenseType: 'yearly',
      expiresAt: new Date(Date.now() - 1000),
      bound: ['https://lapsed.example'],
    });
    const token = (await c.agent.get('/api/apitokens/token')).body.plainToken as string;
    expect((await info('site=lapsed.example', token)).body).toMatchObject({
      package: '',
      license: { code: 'LICENSE_EXPIRED' },
    });
  });

  it('entitles development hosts of a customer holding an active seat', async () => {
    const { token } = await licensed();
    const dev = await info('site=http://localhost:8080', token);
    expect(dev.body.license.code).toBe('VALID');
    await request(base).get(linkPath(dev.body.package)).expect(200);
    const c = await customer(base);
    const free = (await c.agent.get('/api/apitokens/token')).body.plainToken as string;
    expect((await info('site=mysite.local', free)).body).toMatchObject({
      package: '',
      license: { code: 'NO_ACTIVE_LICENSE' },
    });
  });

  it('tells a customer holding no active seat to buy a plan, not to bind the site', async () => {
    const c = await customer(base);
    const token = (await c.agent.get('/api/apitokens/token')).body.plainToken as string;
    const buy = {
      package: '',
      download_url: '',
      license: { code: 'NO_ACTIVE_LICENSE' },
      upgrade_notice: `No active licence: buy a plan in the console to get updates: ${base}/dashboard`,
    };
    expect((await info('site=https://shop-site.example', token)).body).toMatchObject(buy);
    expect((await info('', token)).body).toMatchObject(buy);
    // Only an expired seat, bound elsewhere: nothing to bind this site to either.
    await giveSeats(running, c.userId, 'basic', 1, {
      licenseType: 'yearly',
      expiresAt: new Date(Date.now() - 1000),
      bound: ['https://old-shop.example'],
    });
    expect((await info('site=https://shop-site.example', token)).body).toMatchObject(buy);
    // A seat bought: now binding is what is missing.
    await giveSeats(running, c.userId, 'pro', 1, { firstIndex: 2 });
    expect((await info('site=https://shop-site.example', token)).body).toMatchObject({
      package: '',
      license: { code: 'DOMAIN_NOT_BOUND' },
      upgrade_notice: `Bind shop-site.example to a seat in the console: ${base}/dashboard`,
    });
  });

  it('issues opaque links: no user id, e-mail, seat or domain readable', async () => {
    const c = await licensed('https://opaque-shop.example');
    const url = (await info('site=opaque-shop.example', c.token)).body.package as string;
    const link = new URL(url).searchParams.get('link')!;
    const readable = [link, Buffer.from(link, 'base64url').toString('latin1')].join(' ');
    for (const secret of [c.userId, c.email, c.seat.id, 'opaque-shop', '"u"'])
      expect(readable).not.toContain(secret);
  });

  it("refuses a link once its seat is rebound to another site, revoked or refunded, with WordPress's reason", async () => {
    const c = await licensed('https://site-a.example');
    const linkA = (await info('site=site-a.example', c.token)).body.package as string;
    await request(base).get(linkPath(linkA)).expect(200);
    await c
      .post(`/api/apitokens/licenses/${c.seat.id}/bind`)
      .send({ websiteUrl: 'https://site-b.example' })
      .expect(200);
    const refused = await request(base).get(linkPath(linkA)).expect(403);
    expect((refused as unknown as { res: { statusMessage: string } }).res.statusMessage).toBe(
      'Licence not active for this site',
    );
    expect(refused.headers['content-type']).toMatch(/^text\/plain/);
    expect(refused.text).toBe('Licence not active for this site\n');

    const linkB = (await info('site=site-b.example', c.token)).body.package as string;
    await request(base).get(linkPath(linkB)).expect(200);
    await em(running).nativeUpdate(License, { id: c.seat.id }, { revokedAt: new Date() });
    const revoked = await request(base).get(linkPath(linkB)).expect(403);
    expect((revoked as unknown as { res: { statusMessage: string } }).res.statusMessage).toBe(
      'Licence not active for this site',
    );
  });

  it('serves a frameable details page; every other page keeps SAMEORIGIN', async () => {
    const page = await request(base)
      .get('/api/wp-updates/plugins/visual-editor/details')
      .expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(page.headers['content-security-policy']).not.toContain("frame-ancestors 'self'");
    expect(page.text).toContain('<h1>Visual Editor</h1>');
    expect(page.text).toContain('<section id="changelog"><h2>Changelog</h2><h4>1.0.0</h4>');
    expect(page.text).not.toMatch(/<script/i);
    const theme = await request(base)
      .get('/api/wp-updates/themes/minimal-theme/details')
      .expect(200);
    expect(theme.headers['x-frame-options']).toBeUndefined();
    await request(base).get('/api/wp-updates/themes/nope/details').expect(404);
    for (const path of ['/', '/api/health', '/api/wp-updates/plugins/visual-editor/info']) {
      const other = await request(base).get(path);
      expect([path, other.headers['x-frame-options']]).toEqual([path, 'SAMEORIGIN']);
      expect(other.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    }
  });
});

describe('WordPress: package links expire after DOWNLOAD_LINK_TTL_SECONDS', () => {
  let running: RunningApp;
  let base: string;

  withFreshApp({ DOWNLOAD_LINK_TTL_SECONDS: '2' }, async (app) => {
    running = app;
    base = app.url;
  });

  it('refuses an expired link, saying to check again; a fresh check gives a working link', async () => {
    const c = await customer(base);
    await giveSeats(running, c.userId, 'pro', 1, { bound: ['https://ttl.example'] });
    const token = (await c.agent.get('/api/apitokens/token')).body.plainToken as string;
    const fetchLink = async () => {
      const url = (
        await request(base)
          .get('/api/wp-updates/themes/minimal-theme/info?site=ttl.example')
          .set('Authorization', `Bearer ${token}`)
          .expect(200)
      ).body.package as string;
      const u = new URL(url);
      return u.pathname + u.search;
    };
    const link = await fetchLink();
    await request(base).get(link).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await request(base).get(link).expect(403);
    expect((expired as unknown as { res: { statusMessage: string } }).res.statusMessage).toBe(
      'Download link expired, check for updates again',
    );
    expect(expired.text).toBe('Download link expired, check for updates again\n');
    await request(base)
      .get(await fetchLink())
      .expect(200);
  });
});
