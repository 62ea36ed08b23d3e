import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort, TEST_SECRET, ADMIN_EMAIL } from './app';
import type { TestDatabase } from './database';

export interface AppProcess {
  url: string;
  pid: number;
  /** Standard error so far (the app's start-up errors). */
  stderr(): string;
  /** Standard output so far (the JSON log lines). */
  stdout(): string;
  /** Sends a signal and waits until the process is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * The app as its own operating-system process (src/main.ts, compiled on the fly by @swc-node/register),
 * for what an in-process app cannot show: a process killed with SIGKILL, or how main.ts starts and stops.
 */
export async function startAppProcess(
  db: TestDatabase,
  env: Record<string, string> | ((port: number) => Record<string, string>) = {},
): Promise<AppProcess> {
  const port = await freePort();
  const extra = typeof env === 'function' ? env(port) : env;
  const child: ChildProcess = spawn(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], {
    cwd: join(__dirname, '../..'),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl ?? '',
      BETTER_AUTH_SECRET: TEST_SECRET,
      ADMIN_EMAILS: ADMIN_EMAIL,
      LOG_LEVEL: 'warn',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the app exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the app did not answer within 90 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid!,
    stderr: () => stderr,
    stdout: () => stdout,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
