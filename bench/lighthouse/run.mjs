// Lighthouse on the production build: home, login, docs and the console (signed in), mobile and desktop
// presets, median of 3 runs, beside a baseline (a plain static page served by the same server in the same run).
// The app runs in production mode on a fresh PostgreSQL database. Production has no development sign-in, so a
// second, development-mode instance on the same database and secret signs a customer in (sessions live in
// the database and are shared by every instance, as in a multi-instance deployment) and is stopped before
// measuring; Lighthouse then sends that session cookie to the production instance.
// Usage: npm run build && npm run bench:lighthouse   (RUNS=3 by default; CHROME_PATH defaults to /usr/bin/chromium;
// FRONTEND_DIST names another build than frontend/dist, BENCH_PORT another port than 3290; PAGES=home-en,pricing-en
// and PRESETS=mobile measure only those, OUT=lighthouse-public.json writes another results file, REPORTS=dir
// keeps every run's full Lighthouse report there, COMPARE=<another build's dist> measures that build too,
// each run right after the same run on the first, and writes its figures under `<page>/<preset>/compare`). Pages named -en / -zh send the language cookie (lang=en / lang=zh-CN).
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { freshDatabase, pgClient, root, signIn, startBuiltApp } from '../lib/app.mjs';

const runs = Number(process.env.RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3290);
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CUSTOMER = 'lighthouse@example.com';
// [name, path, signed in, language cookie]
const onlyPages = process.env.PAGES?.split(',');
/** @type {[name: string, path: string, signedIn: boolean, language?: string][]} */
const allPages = [
  ['baseline', '/baseline.html', false],
  ['home', '/', false],
  ['home-en', '/', false, 'en'],
  ['home-zh', '/', false, 'zh-CN'],
  ['pricing-en', '/pricing', false, 'en'],
  ['pricing-zh', '/pricing', false, 'zh-CN'],
  ['login', '/login', false],
  ['login-en', '/login', false, 'en'],
  ['login-zh', '/login', false, 'zh-CN'],
  ['docs', '/docs', false],
  ['docs-en', '/docs', false, 'en'],
  ['docs-zh', '/docs', false, 'zh-CN'],
  ['console', '/dashboard', true],
  ['console-en', '/dashboard', true, 'en'],
  ['console-zh', '/dashboard', true, 'zh-CN'],
];
// PAGES=console,docs measures only those (beside the baseline).
const pages = allPages.filter(
  ([name]) => name === 'baseline' || !onlyPages || onlyPages.includes(name),
);
const presets = process.env.PRESETS?.split(',') ?? ['mobile', 'desktop'];
// Issue #16: performance 95 on a phone as well as on a desktop, every page, both languages.
const goals = {
  mobile: { performance: 95 },
  desktop: { performance: 95 },
  all: { accessibility: 95, 'best-practices': 95 },
};

const work = mkdtempSync(join(tmpdir(), 'seatkeeper-lh-'));
/** A copy of a build, with the baseline page beside it. */
function copyDist(from, name) {
  const dist = join(work, name);
  cpSync(from, dist, { recursive: true });
  writeFileSync(
    join(dist, 'baseline.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="baseline"><title>baseline</title><link rel="icon" href="/favicon.svg"></head><body><main><h1>Baseline</h1><p>A static page served by the same server.</p></main></body></html>',
  );
  return dist;
}
const dist = copyDist(process.env.FRONTEND_DIST || join(root, 'frontend/dist'), 'dist');
// COMPARE=<another build>: a second production instance serves it on the same database, and every run
// of a page on the first build is followed by one on the second, so both see the same machine load.
const compareDist = process.env.COMPARE && copyDist(process.env.COMPARE, 'compare');

const db = await freshDatabase();
const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
/** A production instance serving `frontend` on `at`. */
const productionApp = (frontend, at, secret) =>
  startBuiltApp({
    databaseUrl: db.url,
    port: at,
    env: {
      ...(secret ? { BETTER_AUTH_SECRET: secret } : {}),
      NODE_ENV: 'production',
      FRONTEND_DIST: frontend,
      GOOGLE_CLIENT_ID: 'bench.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'bench',
      // The login page as a mainland store shows it: WeChat's scan-to-sign-in beside Google (never called).
      WECHAT_LOGIN_APP_ID: 'wxbench000000000000',
      WECHAT_LOGIN_APP_SECRET: 'bench-wechat-secret',
      // Production refuses the sandbox gateway: a configured (never called) Alipay gateway.
      PAYMENT_GATEWAY: 'alipay',
      ALIPAY_APP_ID: 'bench',
      ALIPAY_PRIVATE_KEY: rsa().privateKey,
      ALIPAY_PUBLIC_KEY: rsa().publicKey,
      PUBLIC_URL: `http://localhost:${at}`,
      LOG_LEVEL: 'warn',
    },
  });
const server = await productionApp(dist, port);
const compareServer = compareDist && (await productionApp(compareDist, port + 2, server.secret));
const stop = async () => {
  await server.stop();
  if (compareServer) await compareServer.stop();
  await db.drop();
  rmSync(work, { recursive: true, force: true });
};

/** A customer with a token and five seats (three bound), signed in through a development-mode peer. */
async function signedInCustomer() {
  const peer = await startBuiltApp({
    databaseUrl: db.url,
    port: port + 1,
    env: { BETTER_AUTH_SECRET: server.secret, LOG_LEVEL: 'warn' },
  });
  try {
    const cookie = await signIn(peer.base, CUSTOMER);
    /** @type {any} */
    const token = await fetch(`${peer.base}/api/apitokens/token`, { headers: { cookie } }).then(
      (r) => r.json(),
    );
    const sql = pgClient(db.url);
    await sql.connect();
    await sql.query(
      `insert into licenses (id, user_id, purchase_tier, seat_index, website_url)
       select gen_random_uuid(), $1, 'pro', s, case when s <= 3 then 'https://site' || s || '.example.com' end from generate_series(1, 5) s`,
      [token.userToken.userId],
    );
    await sql.end();
    return cookie;
  } finally {
    await peer.stop();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function lighthouse(url, preset, cookie) {
  const out = join(work, `lh-${randomBytes(4).toString('hex')}.json`);
  const args = [
    join(root, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance,accessibility,best-practices',
    '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync',
  ];
  if (preset === 'desktop') args.push('--preset=desktop');
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  // Lighthouse sometimes loses the trace of a load on a busy machine (NO_NAVSTART): that run is repeated.
  for (let attempt = 1; ; attempt++) {
    try {
      await promisify(execFile)(process.execPath, args, {
        env: { ...process.env, CHROME_PATH: chrome },
        maxBuffer: 1 << 26,
      });
      break;
    } catch (e) {
      if (attempt === 3 || !/NO_NAVSTART|NO_FCP|PROTOCOL_TIMEOUT/.test(e.stderr ?? '')) throw e;
      console.warn(`  ${url} (${preset}): ${e.stderr.trim().split('\n').at(-1)}; again`);
    }
  }
  const lhr = JSON.parse(readFileSync(out, 'utf8'));
  if (process.env.REPORTS) {
    mkdirSync(process.env.REPORTS, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${preset}-${Date.now()}.json`;
    cpSync(out, join(process.env.REPORTS, name));
  }
  // A signed-out visitor would be sent to /login: the measured page must be the one asked for.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
  const scripts = lhr.audits['network-requests'].details.items.filter(
    (r) => r.resourceType === 'Script',
  );
  // What cost points: weighted audits below 0.9, so a lower score says why.
  const lost = Object.values(lhr.categories).flatMap((c) =>
    c.auditRefs
      .filter((r) => r.weight > 0 && (lhr.audits[r.id].score ?? 1) < 0.9)
      .map((r) => `${c.id}:${r.id}`),
  );
  return {
    lost,
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    'best-practices': Math.round(lhr.categories['best-practices'].score * 100),
    fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
    jsTransferKb: Math.round(scripts.reduce((s, r) => s + (r.transferSize ?? 0), 0) / 102.4) / 10,
  };
}

try {
  const cookie = await signedInCustomer();
  const results = { date: new Date().toISOString(), runs, pages: {} };
  for (const [name, path, signedIn, language] of pages) {
    const cookies = [signedIn && cookie, language && `lang=${language}`].filter(Boolean);
    for (const preset of presets) {
      const builds = compareServer
        ? [
            ['', port],
            [' (compare)', port + 2],
          ]
        : [['', port]];
      /** @type {Awaited<ReturnType<typeof lighthouse>>[][]} */
      const samples = builds.map(() => []);
      for (let i = 0; i < runs; i++)
        for (const [b, [, at]] of builds.entries())
          samples[b].push(
            await lighthouse(`http://localhost:${at}${path}`, preset, cookies.join('; ')),
          );
      for (const [b, [label]] of builds.entries()) {
        const own = samples[b];
        const numeric = Object.keys(own[0]).filter((k) => typeof own[0][k] === 'number');
        const m = Object.fromEntries(numeric.map((k) => [k, median(own.map((s) => s[k]))]));
        m.lost = [...new Set(own.flatMap((s) => s.lost))];
        results.pages[`${name}/${preset}${label ? '/compare' : ''}`] = { ...m, samples: own };
        console.log(
          `${(name + label).padEnd(8)} ${preset.padEnd(7)} perf ${m.performance} a11y ${m.accessibility} bp ${m['best-practices']} FCP ${m.fcpMs} ms LCP ${m.lcpMs} ms TBT ${m.tbtMs} ms JS ${m.jsTransferKb} kB${m.lost.length ? `  (lost on: ${m.lost.join(', ')})` : ''}`,
        );
      }
    }
  }
  const failures = [];
  for (const [key, r] of Object.entries(results.pages)) {
    if (key.startsWith('baseline')) continue;
    const [, preset, compare] = key.split('/');
    const base = results.pages[`baseline/${preset}${compare ? '/compare' : ''}`];
    r.ratioToBaseline = {
      performance: +(r.performance / base.performance).toFixed(3),
      lcp: +(r.lcpMs / base.lcpMs).toFixed(2),
    };
    // The goals are the measured build's; a COMPARE build's figures are only its pairs.
    if (compare) continue;
    for (const [metric, min] of Object.entries({ ...goals.all, ...(goals[preset] ?? {}) })) {
      if (r[metric] < min) failures.push(`${key} ${metric} ${r[metric]} < ${min}`);
    }
  }
  results.failures = failures;
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const out = process.env.OUT ?? 'lighthouse.json';
  writeFileSync(join(root, 'bench/results', out), JSON.stringify(results, null, 2) + '\n');
  console.log(failures.length ? `\nBelow goal:\n  ${failures.join('\n  ')}` : '\nAll goals met.');
  console.log(`Written to bench/results/${out}`);
  process.exitCode = failures.length ? 1 : 0;
} finally {
  await stop();
}
