import request from 'supertest';
import { ADMIN_EMAIL, signIn, withFreshApp } from './support/app';

/** Every endpoint of the OpenAPI document, fed wrong types, missing and unknown fields, huge and malformed bodies. */
describe('bad input sweep over the OpenAPI document', () => {
  let base: string;
  let admin: Awaited<ReturnType<typeof signIn>>['agent'];

  withFreshApp({}, async (app) => {
    base = app.url;
    admin = (await signIn(base, ADMIN_EMAIL)).agent;
  });

  const SESSION_ENDERS = ['/api/auth/sign-out', '/api/auth/revoke-sessions', '/api/auth/delete-user', '/api/auth/revoke-other-sessions'];
  const weird = ['\u0000', '\ud800', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ‮ 🙂', 'a'.repeat(5000), '../../etc/passwd', "' or 1=1 --"];
  const payloads: [string, string][] = [
    ['malformed JSON', '{"a":'],
    ['array', '[1,2,3]'],
    ['null', 'null'],
    ['wrong types', JSON.stringify({ email: 5, token: [], domain: {}, websiteUrl: 7, apiKey: true, baseUrl: 1, subscriptionTier: 3, question: 9, options: 'x', emails: 'x', tier: 1, code: 2, discountAmount: 'x', request: 'x', provider: 1, title: 3, body: 4 })],
    ['unknown fields', JSON.stringify({ isAdmin: true, __proto__: { admin: true }, constructor: { prototype: { x: 1 } } })],
    ['odd unicode', JSON.stringify(Object.fromEntries(['email', 'token', 'domain', 'websiteUrl', 'apiKey', 'baseUrl', 'code', 'question', 'title'].map((k, i) => [k, weird[i % weird.length]])))],
    ['huge', JSON.stringify({ x: 'y'.repeat(1_100_000) })],
  ];

  it('never answers 500, and every JSON error has the { statusCode, error, message } shape', async () => {
    const doc = (await request(base).get('/api/docs-json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    const problems: string[] = [];
    let calls = 0;
    for (const [rawPath, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        for (const param of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', encodeURIComponent(weird[2])]) {
          const path = rawPath.replace(/\{[^}]+\}/g, param);
          for (const who of ['anonymous', 'admin'] as const) {
            if (who === 'admin' && SESSION_ENDERS.includes(path)) continue;
            const client = who === 'admin' ? admin : request(base);
            const sends = method === 'get' || method === 'delete' ? [['query', `?page=-1&pageSize=abc&search=%ED%A0%80%FF%00&category[]=x`]] : payloads;
            for (const [label, body] of sends) {
              const req = (client as ReturnType<typeof request>)[method as 'get'](method === 'get' || method === 'delete' ? path + body : path).set('Origin', base);
              const res = method === 'get' || method === 'delete' ? await req : await req.set('Content-Type', 'application/json').send(body);
              calls++;
              const where = `${method.toUpperCase()} ${path} (${who}, ${label}) → ${res.status}`;
              if (res.status >= 500) problems.push(`${where}: ${JSON.stringify(res.body).slice(0, 200)}`);
              if (res.status >= 400 && res.headers['content-type']?.includes('application/json')) {
                const b = res.body;
                if (typeof b?.statusCode !== 'number' || typeof b?.message !== 'string' || b.error !== b.message) problems.push(`${where}: shape ${JSON.stringify(b).slice(0, 200)}`);
              }
            }
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(300);
    expect(problems).toEqual([]);
  });
});
