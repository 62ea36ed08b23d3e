// Lighthouse on the production build: home and login, mobile and desktop presets, median of 3 runs,
// beside a baseline (a plain static page served by the same server in the same run).
// Usage: npm run build && npm run bench:lighthouse   (RUNS=3 by default; CHROME_PATH defaults to /usr/bin/chromium;
// FRONTEND_DIST names another build than frontend/dist, BENCH_PORT another port than 3290)
import { spawn, execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { generateKeyPairSync, randomBytes } from 'node:crypto';

const root = new URL('../..', import.meta.url).pathname;
const runs = Number(process.env.RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3290);
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const pages = [
  ['baseline', '/baseline.html'],
  ['home', '/'],
  ['login', '/login'],
];
const presets = ['mobile', 'desktop'];
const goals = { desktop: { performance: 95 }, all: { accessibility: 95, 'best-practices': 95 } };

const work = mkdtempSync(join(tmpdir(), 'seatkeeper-lh-'));
const dist = join(work, 'dist');
cpSync(process.env.FRONTEND_DIST || join(root, 'frontend/dist'), dist, { recursive: true });
writeFileSync(
  join(dist, 'baseline.html'),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="baseline"><title>baseline</title><link rel="icon" href="/favicon.svg"></head><body><main><h1>Baseline</h1><p>A static page served by the same server.</p></main></body></html>',
);

const server = spawn(process.execPath, [join(root, 'backend/dist/main.js')], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: join(work, 'data'),
    FRONTEND_DIST: dist,
    BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
    GOOGLE_CLIENT_ID: 'bench.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'bench',
    // Production refuses the sandbox gateway: a configured (never called) Alipay gateway.
    PAYMENT_GATEWAY: 'alipay',
    ALIPAY_APP_ID: 'bench',
    ALIPAY_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs1', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey,
    ALIPAY_PUBLIC_KEY: generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs1', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).publicKey,
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
};

async function waitForHealth() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://localhost:${port}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function lighthouse(url, preset) {
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
  await promisify(execFile)(process.execPath, args, { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 1 << 26 });
  const lhr = JSON.parse(readFileSync(out, 'utf8'));
  const scripts = lhr.audits['network-requests'].details.items.filter((r) => r.resourceType === 'Script');
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    'best-practices': Math.round(lhr.categories['best-practices'].score * 100),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
    jsTransferKb: Math.round(scripts.reduce((s, r) => s + (r.transferSize ?? 0), 0) / 102.4) / 10,
  };
}

try {
  await waitForHealth();
  const results = { date: new Date().toISOString(), runs, pages: {} };
  for (const [name, path] of pages) {
    for (const preset of presets) {
      const samples = [];
      for (let i = 0; i < runs; i++) samples.push(await lighthouse(`http://localhost:${port}${path}`, preset));
      const m = Object.fromEntries(Object.keys(samples[0]).map((k) => [k, median(samples.map((s) => s[k]))]));
      results.pages[`${name}/${preset}`] = { ...m, samples };
      console.log(`${name.padEnd(8)} ${preset.padEnd(7)} perf ${m.performance} a11y ${m.accessibility} bp ${m['best-practices']} LCP ${m.lcpMs} ms JS ${m.jsTransferKb} kB`);
    }
  }
  const failures = [];
  for (const [key, r] of Object.entries(results.pages)) {
    if (key.startsWith('baseline')) continue;
    const preset = key.split('/')[1];
    const base = results.pages[`baseline/${preset}`];
    r.ratioToBaseline = { performance: +(r.performance / base.performance).toFixed(3), lcp: +(r.lcpMs / base.lcpMs).toFixed(2) };
    for (const [metric, min] of Object.entries({ ...goals.all, ...(goals[preset] ?? {}) })) {
      if (r[metric] < min) failures.push(`${key} ${metric} ${r[metric]} < ${min}`);
    }
  }
  results.failures = failures;
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/lighthouse.json'), JSON.stringify(results, null, 2) + '\n');
  console.log(failures.length ? `\nBelow goal:\n  ${failures.join('\n  ')}` : '\nAll goals met.');
  console.log('Written to bench/results/lighthouse.json');
  process.exitCode = failures.length ? 1 : 0;
} finally {
  stop();
}
