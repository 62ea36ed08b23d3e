import { until } from './until';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';

/**
 * A local Standard Webhooks receiver over HTTPS (docs/webhooks.md, "Testing"): every request is verified
 * with the `standardwebhooks` package's own Webhook.verify (not our code), against each secret the test
 * gives it. Its certificate is made with openssl for 127.0.0.1 and localhost, signed by a test CA the
 * app trusts through WEBHOOK_CA_FILE (`caFile`).
 */
export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  type: string;
  data: Record<string, unknown>;
  /** The index of each secret (in `receiver.secrets`) that verified the request with the package. */
  verifiedBy: number[];
  /** What the receiver answered it. */
  answer: ReceiverAnswer;
  at: number;
}

export type ReceiverAnswer = 'ok' | 'fail' | 'hang';

export interface WebhookReceiver {
  url: string;
  /** The test CA's certificate (PEM) and its file, for WEBHOOK_CA_FILE. */
  ca: string;
  caFile: string;
  /** Secrets to verify with (any of them may verify a request). */
  secrets: string[];
  received: ReceivedWebhook[];
  /** What the next requests get: 200, a 500, or no answer at all (a timeout); consumed first to last. */
  answers: ReceiverAnswer[];
  /** Requests that arrived but were not verified by any secret. */
  unverified: number;
  stop(): Promise<void>;
}

let certs: { ca: string; key: string; cert: string; caFile: string } | undefined;

/** A CA and a server certificate for 127.0.0.1 and localhost, made once per test process. */
export function testCertificates() {
  if (certs) return certs;
  const dir = mkdtempSync(join(tmpdir(), 'seatkeeper-webhook-certs-'));
  const f = (name: string) => join(dir, name);
  const ssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
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
    '3650',
    '-subj',
    '/CN=seatkeeper webhook test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  ssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    f('server.key'),
    '-out',
    f('server.csr'),
    '-subj',
    '/CN=localhost',
  );
  writeFileSync(
    f('ext.cnf'),
    'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n',
  );
  ssl(
    'x509',
    '-req',
    '-in',
    f('server.csr'),
    '-CA',
    f('ca.pem'),
    '-CAkey',
    f('ca.key'),
    '-CAcreateserial',
    '-out',
    f('server.pem'),
    '-days',
    '3650',
    '-extfile',
    f('ext.cnf'),
  );
  if (!existsSync(f('server.pem'))) throw new Error('openssl made no certificate');
  certs = {
    ca: readFileSync(f('ca.pem'), 'utf8'),
    key: readFileSync(f('server.key'), 'utf8'),
    cert: readFileSync(f('server.pem'), 'utf8'),
    caFile: f('ca.pem'),
  };
  return certs;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const { key, cert, ca, caFile } = testCertificates();
  const hanging: ServerResponse[] = [];
  const receiver: WebhookReceiver = {
    url: '',
    ca,
    caFile,
    secrets: [],
    received: [],
    answers: [],
    unverified: 0,
    stop: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const server: Server = createServer(
    { key, cert },
    (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const headers = {
          'webhook-id': String(req.headers['webhook-id'] ?? ''),
          'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
          'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
        };
        const verifiedBy: number[] = [];
        receiver.secrets.forEach((secret, i) => {
          try {
            new Webhook(secret).verify(body, headers);
            verifiedBy.push(i);
          } catch {
            // not this secret
          }
        });
        const answer = receiver.answers.shift() ?? 'ok';
        if (!verifiedBy.length) {
          receiver.unverified++;
          res.writeHead(401).end('signature not verified');
          return;
        }
        const parsed = JSON.parse(body) as { type: string; data: Record<string, unknown> };
        receiver.received.push({
          id: headers['webhook-id'],
          timestamp: headers['webhook-timestamp'],
          signature: headers['webhook-signature'],
          body,
          type: parsed.type,
          data: parsed.data,
          verifiedBy,
          answer,
          at: Date.now(),
        });
        if (answer === 'hang') hanging.push(res);
        else if (answer === 'fail') res.writeHead(500).end('receiver error: try again');
        else res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      });
    },
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  receiver.url = `https://127.0.0.1:${port}/hooks`;
  return receiver;
}

/** Waits until `ok()` holds (polling), or fails naming what was awaited. */
export const waitFor = (ok: () => boolean, what: string, ms = 20_000): Promise<void> =>
  until(ok, what, ms);
