import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';

/**
 * The running app's command socket on the embedded database (docs/operations.md, "Backups"): PGlite is one
 * process, so `npm run backup` cannot open the data directory while the app holds it; it asks the app,
 * which dumps the database it holds. A Unix socket in DATA_DIR, readable by its owner only (0600): only
 * someone who could read the data directory anyway may ask. One JSON line each way.
 */
export const opsSocketPath = (dataDir: string) => join(dataDir, 'ops.sock');

export class OpsSocket {
  private server?: Server;

  constructor(
    private readonly dataDir: string,
    private readonly handle: (command: string) => Promise<unknown>,
  ) {}

  async listen(): Promise<void> {
    const path = opsSocketPath(this.dataDir);
    // A socket file left by a process that ended without closing: nobody answers on it.
    if (
      existsSync(path) &&
      !(await ask(this.dataDir, 'ping').then(
        () => true,
        () => false,
      ))
    )
      unlinkSync(path);
    const server = createServer((conn) => {
      let line = '';
      conn.setEncoding('utf8');
      conn.on('data', (chunk: string) => {
        line += chunk;
        if (!line.includes('\n')) return;
        let command = '';
        try {
          command = String(
            (JSON.parse(line.slice(0, line.indexOf('\n'))) as { command?: unknown }).command,
          );
        } catch {
          command = '';
        }
        const answer = command === 'ping' ? Promise.resolve({ pong: true }) : this.handle(command);
        answer.then(
          (result) => conn.end(JSON.stringify({ ok: true, result }) + '\n'),
          (e: Error) => conn.end(JSON.stringify({ ok: false, error: e.message }) + '\n'),
        );
      });
      conn.on('error', () => undefined);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => resolve());
    });
    chmodSync(path, 0o600);
    server.unref();
    this.server = server;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/**
 * Sends one command to the app holding DATA_DIR. Rejects with code ENOENT/ECONNREFUSED when no app holds
 * it, or with the app's error.
 */
export function ask(dataDir: string, command: string, timeoutMs = 600_000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const conn = createConnection(opsSocketPath(dataDir));
    let answer = '';
    const timer = setTimeout(
      () => conn.destroy(new Error('the app did not answer in time')),
      timeoutMs,
    );
    conn.setEncoding('utf8');
    conn.on('connect', () => conn.write(JSON.stringify({ command }) + '\n'));
    conn.on('data', (chunk: string) => (answer += chunk));
    conn.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    conn.on('end', () => {
      clearTimeout(timer);
      try {
        const parsed = JSON.parse(answer) as { ok: boolean; result?: unknown; error?: string };
        if (parsed.ok) resolve(parsed.result);
        else reject(new Error(parsed.error ?? 'the app refused'));
      } catch {
        reject(new Error('the app answered nothing readable'));
      }
    });
  });
}
