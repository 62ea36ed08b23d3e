import { createPublicKey, verify } from 'node:crypto';
import request from 'supertest';
import { loadConfig } from '../src/config/env';
import { type RunningApp, withFreshApp } from './support/app';
import { customer, errorOf } from './support/customer';
import { giveSeats } from './support/factories';

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
