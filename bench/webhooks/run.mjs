// Webhook delivery latency (docs/webhooks.md, issue #31): from the event (an order paid: `data.paidAt`,
// the moment the payment was recorded in its transaction) to the receiver, under a load of paid orders.
// The built app on a fresh PostgreSQL database, one Standard Webhooks endpoint subscribed to order.paid,
// a local HTTPS receiver (test CA made with openssl, trusted through WEBHOOK_CA_FILE) that verifies each
// request with the standardwebhooks package and answers 200 at once. USERS customers each create a
// sandbox order, then the orders are paid at RATE per second (the sandbox payment page's POST, the
// payment notice's path). Every paid order must arrive exactly once (one webhook-id each, all verified).
// The worker polls every WEBHOOK_POLL_MS (default 1000, as in production unless set), so the figure is
// mostly that wait: the run reports it with POLL_MS as given.
// Usage: npm run build && npm run bench:webhooks   (USERS=200 RATE=20 POLL_MS=1000 BENCH_PORT=3341)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { freshDatabase, signIn, startBuiltApp } from '../lib/app.mjs';
import { inBatches } from '../lib/load.mjs';
import { percentile } from '../lib/paced.mjs';

const USERS = Number(process.env.USERS ?? 200);
const RATE = Number(process.env.RATE ?? 20);
const POLL_MS = process.env.POLL_MS ?? '1000';
const PORT = Number(process.env.BENCH_PORT ?? 3341);
const ADMIN = 'bench-admin@bench.test';

function certificates() {
  const dir = mkdtempSync(join(tmpdir(), 'seatkeeper-bench-webhooks-'));
  const f = (n) => join(dir, n);
  const ssl = (...a) => execFileSync('openssl', a, { stdio: 'pipe' });
  ssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    f('ca.key'),
    '-out',
    f('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=bench CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign',
  );
  ssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    f('s.key'),
    '-out',
    f('s.csr'),
    '-subj',
    '/CN=localhost',
  );
  writeFileSync(f('ext'), 'subjectAltName=IP:127.0.0.1\n');
  ssl(
    'x509',
    '-req',
    '-in',
    f('s.csr'),
    '-CA',
    f('ca.pem'),
    '-CAkey',
    f('ca.key'),
    '-CAcreateserial',
    '-out',
    f('s.pem'),
    '-days',
    '2',
    '-extfile',
    f('ext'),
  );
  return { caFile: f('ca.pem'), key: readFileSync(f('s.key')), cert: readFileSync(f('s.pem')) };
}

const { caFile, key, cert } = certificates();
let verifier;
const arrivals = new Map(); // orderId -> { at, paidAt, id }
let duplicates = 0;
let unverified = 0;
const receiver = createServer({ key, cert }, (req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = Date.now();
    const body = Buffer.concat(chunks).toString('utf8');
    try {
      const event = verifier.verify(body, req.headers);
      const { orderId, paidAt } = event.data;
      if (arrivals.has(orderId)) duplicates++;
      else arrivals.set(orderId, { at, paidAt: Date.parse(paidAt), id: req.headers['webhook-id'] });
      res.writeHead(200).end('ok');
    } catch {
      unverified++;
      res.writeHead(401).end();
    }
  });
});
await new Promise((r) => receiver.listen(0, '127.0.0.1', () => r(undefined)));
const receiverUrl = `https://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (receiver.address()).port}/hooks`;

const db = await freshDatabase();
const app = await startBuiltApp({
  databaseUrl: db.url,
  port: PORT,
  env: {
    ADMIN_EMAILS: ADMIN,
    WEBHOOK_CA_FILE: caFile,
    WEBHOOK_POLL_MS: POLL_MS,
    LOG_LEVEL: 'warn',
  },
});
const post = (path, cookie, body) =>
  fetch(`${app.base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: app.base,
      ...(cookie ? { cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
try {
  const admin = await signIn(app.base, ADMIN);
  const created = await post('/api/admin/webhooks', admin, {
    kind: 'standard',
    url: receiverUrl,
    events: ['order.paid'],
  });
  if (!created.ok) throw new Error(`endpoint: ${created.status} ${await created.text()}`);
  verifier = new Webhook(/** @type {any} */ (await created.json()).secret);

  const emails = Array.from({ length: USERS }, (_, i) => `payer${i + 1}@bench.test`);
  const cookies = await inBatches(emails, 10, (e) => signIn(app.base, e));
  const orders = await inBatches(cookies, 10, async (cookie) => {
    const r = await post('/api/payments/create', cookie, {
      subscriptionTier: 'basic',
      paymentMethod: 'sandbox',
    });
    if (!r.ok) throw new Error(`order: ${r.status} ${await r.text()}`);
    return /** @type {any} */ (await r.json()).orderId;
  });

  // Paid at RATE per second, open loop; when each payment was answered (its transaction committed).
  const answered = new Map();
  const sentAt = new Map();
  const started = Date.now();
  const payments = orders.map(
    (orderId, i) =>
      new Promise((resolve, reject) =>
        setTimeout(
          () => {
            sentAt.set(orderId, Date.now());
            fetch(`${app.base}/sandbox-pay/${orderId}/pay`, {
              method: 'POST',
              headers: { origin: app.base },
              redirect: 'manual',
            })
              .then((r) => {
                answered.set(orderId, Date.now());
                if (r.status < 400) resolve(undefined);
                else reject(new Error(`pay ${orderId}: ${r.status}`));
              })
              .catch(reject);
          },
          (i * 1000) / RATE,
        ),
      ),
  );
  await Promise.all(payments);
  const deadline = Date.now() + 60_000;
  while (arrivals.size < orders.length && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 2 * Number(POLL_MS) + 500)); // any duplicate would have come by now

  const latencies = [...arrivals.values()].map((a) => a.at - a.paidAt).sort((a, b) => a - b);
  const afterAnswer = [...arrivals.entries()]
    .map(([orderId, a]) => a.at - answered.get(orderId))
    .sort((a, b) => a - b);
  const payMs = [...answered.entries()]
    .map(([id, at]) => at - sentAt.get(id))
    .sort((a, b) => a - b);
  const pct = (list) => ({
    p50: percentile(list, 50),
    p90: percentile(list, 90),
    p99: percentile(list, 99),
    max: list.at(-1),
  });
  const result = {
    users: USERS,
    ratePerSecond: RATE,
    pollMs: Number(POLL_MS),
    paid: orders.length,
    delivered: arrivals.size,
    distinctIds: new Set([...arrivals.values()].map((a) => a.id)).size,
    duplicates,
    unverified,
    seconds: +((Date.now() - started) / 1000).toFixed(1),
    // From the payment's recorded moment (data.paidAt) to the receiver.
    latencyMs: pct(latencies),
    // From the payment request's answer (its transaction committed) to the receiver: can be < 0.
    afterPaymentAnsweredMs: pct(afterAnswer),
    // How long the payment requests themselves took under this load.
    paymentRequestMs: pct(payMs),
  };
  console.log(JSON.stringify(result, null, 2));
  if (arrivals.size !== orders.length || duplicates || unverified) process.exitCode = 1;
} finally {
  await app.stop();
  receiver.close();
  await db.drop?.();
}
