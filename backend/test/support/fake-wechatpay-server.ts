// The fake WeChat Pay server (fake-wechatpay.ts) as a process of its own, for the end-to-end journeys and
// for trying WeChat Pay by hand:
//
//   node -r @swc-node/register test/support/fake-wechatpay-server.ts     (from backend/)
//
// It generates the merchant and platform keys at start, listens for the API on a free port and writes
// the app's WECHATPAY_* configuration (pointing at it) to FAKE_WECHATPAY_ENV_FILE, which the app reads
// with `node --env-file=<file> dist/main.js` (PUBLIC_URL and PAYMENT_GATEWAYS=...,wechat come from the
// caller). A small control server on FAKE_WECHATPAY_CONTROL_PORT plays the buyer:
//   GET  /health            answers 200 once the API listens and the file is written;
//   GET  /trades            the trades the app created (out_trade_no, amount, state, code_url);
//   POST /scan {codeUrl}    the buyer scans that QR code and pays: the trade becomes SUCCESS and the
//                           signed, encrypted notification is posted to the app's notify URL; answers
//                           the app's status and body.
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { FakeWechatPay } from './fake-wechatpay';

const envFile = process.env.FAKE_WECHATPAY_ENV_FILE;
const controlPort = Number(process.env.FAKE_WECHATPAY_CONTROL_PORT ?? 3219);
if (!envFile) {
  console.error('FAKE_WECHATPAY_ENV_FILE is required (where to write the app configuration)');
  process.exit(1);
}

/** One line of a Node --env-file: double-quoted, with the PEMs' line breaks as \n. */
const envLine = ([name, value]: [string, string]) =>
  `${name}="${value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"')}"`;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => resolve(body));
  });

async function main() {
  const fake = await new FakeWechatPay().start();
  fake.h5Enabled = process.env.FAKE_WECHATPAY_H5 === 'true';
  writeFileSync(envFile!, `${Object.entries(fake.env()).map(envLine).join('\n')}\n`, {
    mode: 0o600,
  });

  const control = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://control');
      if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, { ok: true });
      if (req.method === 'GET' && url.pathname === '/trades')
        return send(res, 200, {
          trades: [...fake.trades.values()].map((t) => ({
            outTradeNo: t.outTradeNo,
            total: t.total,
            state: t.state,
            kind: t.kind,
            codeUrl: t.codeUrl ?? null,
          })),
        });
      if (req.method === 'POST' && url.pathname === '/scan') {
        const { codeUrl } = JSON.parse((await readBody(req)) || '{}') as { codeUrl?: string };
        const trade = [...fake.trades.values()].find((t) => t.codeUrl && t.codeUrl === codeUrl);
        if (!trade) return send(res, 404, { message: `no trade for ${codeUrl}` });
        try {
          fake.pay(trade.outTradeNo);
        } catch (e) {
          return send(res, 409, { message: (e as Error).message });
        }
        const answer = await fake.notify(trade.outTradeNo);
        return send(res, 200, { outTradeNo: trade.outTradeNo, total: trade.total, ...answer });
      }
      send(res, 404, { message: 'no such control' });
    })().catch((e: unknown) => send(res, 500, { message: String(e) }));
  });
  await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));
  console.log(`fake WeChat Pay at ${fake.url}, control at http://127.0.0.1:${controlPort}`);

  const stop = () => {
    control.close();
    void fake.stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

void main();
