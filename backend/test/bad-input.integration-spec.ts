import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { ADMIN_EMAIL, signIn, withFreshApp } from './support/app';
import { customer, errorOf } from './support/customer';
import { TEST_DB } from './support/database';

/** The parts of an OpenAPI schema the sweep reads. */
interface Schema {
  type?: string;
  enum?: unknown[];
  example?: unknown;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  items?: Schema;
  $ref?: string;
  allOf?: Schema[];
}
interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}
type Leaf = { path: (string | number)[]; schema: Schema };

const resolve = (doc: OpenApi, s: Schema): Schema => {
  if (s.$ref) return resolve(doc, doc.components.schemas[s.$ref.split('/').pop()!]);
  if (s.allOf?.length) return resolve(doc, s.allOf[0]);
  return s;
};

/**
 * A plausible valid value for a schema, so that a body with one field spoiled gets past the other
 * fields' validation and reaches the service and the database with the spoiled one.
 */
let unique = 0;
function sample(doc: OpenApi, raw: Schema, name: string, base: string): unknown {
  const s = resolve(doc, raw);
  if (s.properties) {
    const entries = Object.entries(s.properties).filter(([k]) => k !== 'id');
    return Object.fromEntries(entries.map(([k, v]) => [k, sample(doc, v, k, base)]));
  }
  if (s.type === 'array') return [0, 1].map(() => sample(doc, s.items ?? {}, name, base));
  if (s.type === 'number' || s.type === 'integer') return 1;
  if (s.type === 'boolean') return true;
  if (s.example !== undefined) return s.example;
  if (s.enum) return s.enum[0];
  if (/email/i.test(name)) return 'sweep@example.com';
  if (/base_?url/i.test(name)) return `${base}/dev-ai/v1`;
  if (/api_?key/i.test(name)) return 'sk-sweep';
  if (/^model$/.test(name)) return 'dev-chat';
  if (/url|image|domain/i.test(name)) return 'https://sweep.example.com';
  if (/At$/.test(name)) return '2030-01-01T00:00:00Z';
  // Unique, so that a code or title taken by an earlier request does not stop this one early.
  return `sweep-${++unique}`;
}

function leaves(doc: OpenApi, raw: Schema, path: (string | number)[] = []): Leaf[] {
  const s = resolve(doc, raw);
  if (s.properties) {
    return Object.entries(s.properties).flatMap(([k, v]) => leaves(doc, v, [...path, k]));
  }
  if (s.type === 'array') return leaves(doc, s.items ?? {}, [...path, 0]);
  return [{ path, schema: s }];
}

function withValueAt(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (!path.length) return leaf;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  copy[path[0]] = withValueAt(copy[path[0]] ?? {}, path.slice(1), leaf);
  return copy;
}

const INT32_MAX = 2 ** 31 - 1;
/** Spoiled values per kind of field (issue #13 item 8). */
const STRING_SHAPES: [string, unknown][] = [
  ['NUL', 'a\u0000b'],
  ['lone surrogate', '\ud800'],
  ['null', null],
  ['year 0', '0000-01-01T00:00:00Z'],
  ['year 10000', '+010000-01-01T00:00:00Z'],
  ['year -1', '-000001-01-01T00:00:00Z'],
];
const NUMBER_SHAPES: [string, unknown][] = [
  ['null', null],
  ['2^31', INT32_MAX + 1],
  ['1e21', 1e21],
  ['-2^31-1', -INT32_MAX - 2],
];
/** Sends strings and buffers as they are (supertest would JSON-encode a Buffer sent as JSON). */
const raw = (body: unknown) => body as string;
const NESTED = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const weird = [
  '\u0000',
  '\ud800',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ‮ 🙂',
  'a'.repeat(5000),
  '../../etc/passwd',
  "' or 1=1 --",
];
const fields = [
  'email',
  'token',
  'domain',
  'websiteUrl',
  'apiKey',
  'baseUrl',
  'code',
  'question',
  'title',
];
/** Whole-body shapes sent to every route that takes a body: [label, body, extra headers]. */
const BODIES: [string, string | Buffer, Record<string, string>?][] = [
  ['malformed JSON', '{"a":'],
  ['array', '[1,2,3]'],
  ['null', 'null'],
  [
    'wrong types',
    JSON.stringify({
      email: 5,
      token: [],
      domain: {},
      websiteUrl: 7,
      apiKey: true,
      baseUrl: 1,
      subscriptionTier: 3,
      question: 9,
      options: 'x',
      emails: 'x',
      tier: 1,
      code: 2,
      discountAmount: 'x',
      request: 'x',
      provider: 1,
      title: 3,
      body: 4,
    }),
  ],
  [
    'unknown fields',
    JSON.stringify({
      isAdmin: true,
      __proto__: { admin: true },
      constructor: { prototype: { x: 1 } },
    }),
  ],
  [
    'odd unicode',
    JSON.stringify(Object.fromEntries(fields.map((k, i) => [k, weird[i % weird.length]]))),
  ],
  ['huge', JSON.stringify({ x: 'y'.repeat(1_100_000) })],
  ['nested 33 deep', NESTED(33)],
  ['nested 20000 deep', NESTED(20_000)],
  ['nested objects', '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000)],
  ['NUL key', '{"a\\u0000b":"x"}'],
  ['invalid gzip', 'this is not gzip', { 'Content-Encoding': 'gzip' }],
  ['truncated gzip', gzipSync('{"a":1}').subarray(0, 12), { 'Content-Encoding': 'gzip' }],
  ['invalid deflate', 'not deflate', { 'Content-Encoding': 'deflate' }],
  ['invalid brotli', 'not brotli at all', { 'Content-Encoding': 'br' }],
];
/** Path parameter values: ids, unicode, a NUL, and percent-encodings that are not UTF-8. */
const PARAMS = [
  '00000000-0000-4000-8000-000000000000',
  'not-a-uuid',
  encodeURIComponent(weird[2]),
  'a%00b',
  '%ED%A0%80',
  '%FF',
];
const SESSION_ENDERS = [
  '/api/auth/sign-out',
  '/api/auth/revoke-sessions',
  '/api/auth/delete-user',
  '/api/auth/revoke-other-sessions',
];

/**
 * Every endpoint of the OpenAPI document, fed wrong types, missing and unknown fields, huge, deeply
 * nested, badly compressed and malformed bodies, and each field of its body and query spoiled in turn
 * (NUL, lone surrogate, null, years 0 / 10000 / -1, integers past 2^31-1, repeated query parameters).
 * Nothing may answer 500 or 503 (a NUL once reached PostgreSQL, which answered 08P01: reported as
 * "Database unavailable").
 */
describe(`bad input sweep over the OpenAPI document (${TEST_DB})`, () => {
  let base: string;
  let admin: Awaited<ReturnType<typeof signIn>>['agent'];

  // WeChat sign-in on (through the development WeChat server), so its routes are swept switched on.
  const wechat = (port: number) => ({
    WECHAT_LOGIN_APP_ID: 'wxsweep',
    WECHAT_LOGIN_APP_SECRET: 'sweep-secret',
    WECHAT_LOGIN_BASE: `http://127.0.0.1:${port}/dev-wechat`,
    WECHAT_API_BASE: `http://127.0.0.1:${port}/dev-wechat`,
  });
  withFreshApp(
    (port) => ({ PLUGIN_RATE_LIMIT: '1000000', ...wechat(port) }),
    async (app) => {
      base = app.url;
      admin = (await signIn(base, ADMIN_EMAIL)).agent;
    },
  );

  it('never answers 500 or 503, and every JSON error has the { statusCode, error, message } shape', async () => {
    const doc = (await request(base).get('/api/docs-json').expect(200)).body as OpenApi;
    const problems: string[] = [];
    const counts = new Map<string, { sent: number; s500: number; s503: number }>();

    const send = async (
      route: string,
      method: string,
      url: string,
      who: 'anonymous' | 'admin',
      label: string,
      body?: string | Buffer,
      headers: Record<string, string> = {},
    ) => {
      const client = who === 'admin' ? admin : request(base);
      let req = (client as ReturnType<typeof request>)[method as 'get'](url).set('Origin', base);
      for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
      const res =
        body === undefined
          ? await req
          : await req.set('Content-Type', 'application/json').serialize(raw).send(body);
      const count = counts.get(route) ?? { sent: 0, s500: 0, s503: 0 };
      counts.set(route, count);
      count.sent++;
      if (res.status === 500) count.s500++;
      if (res.status === 503) count.s503++;
      const where = `${method.toUpperCase()} ${url.slice(0, 120)} (${who}, ${label}) → ${res.status}`;
      if (res.status >= 500) problems.push(`${where}: ${JSON.stringify(res.body).slice(0, 200)}`);
      if (res.status >= 400 && res.headers['content-type']?.includes('application/json')) {
        const b = res.body;
        if (
          typeof b?.statusCode !== 'number' ||
          typeof b?.message !== 'string' ||
          b.error !== b.message
        ) {
          problems.push(`${where}: shape ${JSON.stringify(b).slice(0, 200)}`);
        }
      }
    };

    for (const [rawPath, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const route = `${method.toUpperCase()} ${rawPath}`;
        const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        const schema = op.requestBody?.content['application/json']?.schema;
        // A route without path parameters is the same URL for every value: sent once.
        const params = /\{[^}]+\}/.test(rawPath) ? PARAMS : PARAMS.slice(0, 1);
        for (const [i, param] of params.entries()) {
          const path = rawPath.replace(/\{[^}]+\}/g, param);
          for (const who of ['anonymous', 'admin'] as const) {
            if (who === 'admin' && SESSION_ENDERS.includes(path)) continue;
            if (method === 'get' || method === 'delete') {
              const queries: [string, string][] = [
                ['query', '?page=-1&pageSize=abc&search=%ED%A0%80%FF%00&category[]=x'],
                ['repeated link', '?link=1&link=2'],
                ['page 1e21', '?page=1e21'],
                ...query.flatMap((q): [string, string][] => [
                  [`repeated ${q}`, `?${q}=1&${q}=2`],
                  [`NUL in ${q}`, `?${q}=a%00b`],
                  [`1e21 in ${q}`, `?${q}=1e21`],
                  [`2^31 in ${q}`, `?${q}=${INT32_MAX + 1}`],
                ]),
              ];
              for (const [label, q] of queries) await send(route, method, path + q, who, label);
              continue;
            }
            for (const [label, body, headers] of BODIES) {
              await send(route, method, path, who, label, body, headers);
            }
            // Each field spoiled in turn, the others valid (first path parameter only: enough to reach
            // the service, and the sweep stays within a minute).
            if (!schema || i > 0) continue;
            for (const leaf of leaves(doc, schema)) {
              const shapes = leaf.schema.type === 'number' ? NUMBER_SHAPES : STRING_SHAPES;
              for (const [label, value] of shapes) {
                const valid = sample(doc, schema, '', base);
                const body = JSON.stringify(withValueAt(valid, leaf.path, value));
                await send(route, method, path, who, `${label} in ${leaf.path.join('.')}`, body);
              }
            }
          }
        }
      }
    }

    const rows = [...counts].map(
      ([route, c]) => `${route}: ${c.sent} sent, ${c.s500} × 500, ${c.s503} × 503`,
    );
    const total = [...counts.values()].reduce(
      (t, c) => ({ sent: t.sent + c.sent, s500: t.s500 + c.s500, s503: t.s503 + c.s503 }),
      { sent: 0, s500: 0, s503: 0 },
    );
    console.log(
      `bad-input sweep (${TEST_DB}): ${total.sent} requests over ${counts.size} routes, ` +
        `${total.s500} answered 500, ${total.s503} answered 503\n${rows.join('\n')}`,
    );
    expect(counts.size).toBe(Object.values(doc.paths).flatMap((m) => Object.keys(m)).length);
    expect(total.sent).toBeGreaterThan(3000);
    expect(problems).toEqual([]);
    expect(total.s500).toBe(0);
    expect(total.s503).toBe(0);
  }, 600_000);

  describe('deeply nested JSON (issue #13 item 4)', () => {
    const deep = errorOf('Request body is nested deeper than 32 levels', 400, 'JSON_TOO_DEEP');
    const post = (path: string, body: string | Buffer, agent = request(base)) =>
      (agent as ReturnType<typeof request>)
        .post(path)
        .set('Origin', base)
        .set('Content-Type', 'application/json')
        .send(body);

    it('refuses more than 32 levels with 400 before parsing, on Express and on the plugin path', async () => {
      for (const path of ['/api/auth/sign-in/social', '/api/verify-token', '/api/licenses/check']) {
        const res = await post(path, NESTED(33)).expect(400);
        expect([path, res.body]).toEqual([path, deep]);
        const inField = await post(path, `{"domain":${NESTED(40)}}`).expect(400);
        expect([path, inField.body]).toEqual([path, deep]);
      }
      // Signed in (1 MB allowed): a megabyte of brackets is refused the same way, not a stack overflow.
      const big = await post('/api/posts', NESTED(500_000), admin).expect(400);
      expect(big.body).toEqual(deep);
    });

    it('counts only structure: 32 levels and brackets inside strings pass', async () => {
      const res = await post('/api/auth/sign-in/social', NESTED(32));
      expect(res.body).not.toEqual(deep);
      const inString = JSON.stringify({
        provider: 'google',
        callbackURL: `/a${'[{\\"'.repeat(40)}`,
      });
      await post('/api/auth/sign-in/social', inString).expect(200);
      const plugin = await post('/api/verify-token', JSON.stringify({ token: '['.repeat(100) }));
      expect(plugin.status).toBe(200);
    });
  });

  describe('body size by caller (issue #13 item 4)', () => {
    const tooLarge = errorOf('Request body is larger than 64 kB', 413, 'BODY_TOO_LARGE');
    const bigPost = (n: number) => JSON.stringify({ title: 'Long', body: 'x'.repeat(n) });

    it('anonymous callers get 64 kB, also with a made-up session cookie', async () => {
      const body = JSON.stringify({ provider: 'google', callbackURL: `/${'x'.repeat(70_000)}` });
      const anon = await request(base)
        .post('/api/auth/sign-in/social')
        .set('Content-Type', 'application/json')
        .send(body)
        .expect(413);
      expect(anon.body).toEqual(tooLarge);
      const fake = await request(base)
        .post('/api/posts')
        .set('Origin', base)
        .set('Cookie', 'seatkeeper.sid=s%3Anot-a-session.x')
        .set('Content-Type', 'application/json')
        .send(bigPost(90_000))
        .expect(413);
      expect(fake.body).toEqual(tooLarge);
      const gz = await request(base)
        .post('/api/auth/sign-in/social')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .serialize(raw)
        .send(gzipSync(body))
        .expect(413);
      expect(gz.body).toEqual(tooLarge);
    });

    it('signed-in callers (session or activation code) keep 1 MB', async () => {
      await admin
        .post('/api/posts')
        .set('Origin', base)
        .send({ title: 'Long', body: 'x'.repeat(90_000) })
        .expect(201);
      const c = await customer(base);
      const token = (await c.agent.get('/api/apitokens/token').expect(200)).body
        .plainToken as string;
      const res = await request(base)
        .post('/api/ai/generate')
        .set('Authorization', `Bearer ${token}`)
        .send({ request: { user_prompt: 'hi', selected_code: 'x'.repeat(150_000) } });
      expect(res.status).not.toBe(413);
      const huge = await admin
        .post('/api/posts')
        .set('Origin', base)
        .set('Content-Type', 'application/json')
        .send(bigPost(1_100_000))
        .expect(413);
      expect(huge.body).toEqual(errorOf('Request body is larger than 1 MB', 413));
    });
  });

  describe('bad input answered 400, never 500 or 503 (issue #13 item 8)', () => {
    const adminPost = (path: string, body: object) =>
      admin.post(path).set('Origin', base).send(body);
    const discount = (fields: object) =>
      adminPost('/api/subscriptions/admin/subscriptions/discounts', {
        tier: 'pro',
        code: `BIG${++unique}`,
        discountAmount: 100,
        ...fields,
      });

    it('an invalid gzip body is a 400; a valid one is read', async () => {
      for (const body of [Buffer.from('not gzip'), gzipSync('{"title":"x"}').subarray(0, 12)]) {
        const res = await admin
          .post('/api/posts')
          .set('Origin', base)
          .set('Content-Type', 'application/json')
          .set('Content-Encoding', 'gzip')
          .serialize(raw)
          .send(body)
          .expect(400);
        expect(res.body).toEqual(
          errorOf('Request body could not be decompressed', 400, 'BODY_NOT_DECOMPRESSIBLE'),
        );
      }
      await admin
        .post('/api/posts')
        .set('Origin', base)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .serialize(raw)
        .send(gzipSync(JSON.stringify({ title: 'Zipped', body: 'text' })))
        .expect(201);
    });

    it('a repeated query parameter is a 400', async () => {
      const link = await request(base)
        .get('/api/wp-updates/plugins/download/x?link=1&link=2')
        .expect(400);
      expect(link.body).toEqual(
        errorOf('Query parameter link must not be repeated', 400, 'INVALID_INPUT'),
      );
      const page = await request(base).get('/api/posts/latest?page=1&page=2').expect(400);
      expect(page.body).toEqual(errorOf('Query parameter page must not be repeated'));
    });

    it('NUL and unpaired surrogates in body, query and path are 400 before any query', async () => {
      const cases: [Promise<request.Response>, string][] = [
        [
          adminPost('/api/posts', { title: 'a\u0000b', body: 'x' }),
          'title must not contain NUL characters',
        ],
        [
          adminPost('/api/auth/update-user', { name: 'a\u0000' }),
          'name must not contain NUL characters',
        ],
        [
          adminPost('/api/quiz/admin/questions', {
            question: 'q',
            explanation: 'e',
            options: [{ text: '\ud800' }, { text: 'b' }],
          }),
          'options.0.text must not contain unpaired surrogates',
        ],
        [adminPost('/api/posts', { 'a\u0000': 1 }), 'Field names must not contain NUL characters'],
        [admin.get('/api/admin/audit?actor=a%00b'), 'actor must not contain NUL characters'],
        [admin.get('/api/orders/by-order-id/a%00b'), 'URL path must not contain NUL characters'],
        [
          admin.get('/api/orders/by-order-id/%ED%A0%80'),
          'URL path must be valid percent-encoded UTF-8',
        ],
        [
          request(base)
            .post('/api/licenses/check')
            .set('Authorization', 'Bearer x')
            .send({ domain: 'a\u0000b' }),
          'domain must not contain NUL characters',
        ],
        [
          request(base).post('/api/verify-token').send({ token: '\udc00' }),
          'token must not contain unpaired surrogates',
        ],
      ];
      for (const [pending, message] of cases) {
        const res = await pending;
        expect([message, res.status, res.body]).toEqual([message, 400, errorOf(message)]);
      }
    });

    it('null where a string is expected is a 400; documented nullable fields still take null', async () => {
      const res = await adminPost('/api/auth/update-user', { name: null }).expect(400);
      expect(res.body).toEqual(errorOf('name must not be null', 400, 'VALIDATION_FAILED'));
      await adminPost('/api/auth/update-user', { image: null }).expect(200);
    });

    it('integers beyond 2^31-1 for amounts, limits and pages are a 400', async () => {
      expect((await discount({ discountAmount: 2 ** 31 }).expect(400)).body).toEqual(
        errorOf('discountAmount must not be greater than 2147483647'),
      );
      expect((await discount({ usageLimit: 2 ** 31 }).expect(400)).body).toEqual(
        errorOf('usageLimit must not be greater than 2147483647'),
      );
      await discount({ discountAmount: 2 ** 31 - 1, usageLimit: 2 ** 31 - 1 }).expect(200);
      for (const path of [
        '/api/posts/latest',
        '/api/subscriptions/admin/subscriptions/users',
        '/api/admin/audit',
      ]) {
        const res = await admin.get(`${path}?page=1e21`).expect(400);
        expect([path, res.body]).toEqual([
          path,
          errorOf('page must not be greater than 2147483647'),
        ]);
      }
      await admin.get('/api/posts/latest?page=2147483647').expect(200);
    });

    it('dates outside years 1 to 9999 are a 400', async () => {
      const message = (f: string) =>
        errorOf(`${f} must be an ISO date-time between years 1 and 9999`);
      for (const date of [
        '0000-01-01T00:00:00Z',
        '+010000-01-01T00:00:00Z',
        '-000001-01-01T00:00:00Z',
        '9999-12-31T23:00:00-05:00',
      ]) {
        expect([date, (await discount({ startsAt: date })).body]).toEqual([
          date,
          message('startsAt'),
        ]);
        expect([date, (await discount({ expiresAt: date })).body]).toEqual([
          date,
          message('expiresAt'),
        ]);
      }
      await discount({
        startsAt: '0001-01-01T00:00:00Z',
        expiresAt: '9999-12-31T23:59:59Z',
      }).expect(200);
    });
  });
});
