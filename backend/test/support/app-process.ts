import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import { freePort, TEST_SECRET, ADMIN_EMAIL } from './app';
import { createTestDatabase, type TestDatabase } from './database';

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

/** The app's environment besides the test defaults (a function: made once the port is known). */
type ProcessEnv = Record<string, string> | ((port: number) => Record<string, string>);

/**
 * The app as its own operating-system process (src/main.ts, compiled on the fly by @swc-node/register),
 * for what an in-process app cannot show: a process killed with SIGKILL, or how main.ts starts and stops.
 */
export async function startAppProcess(db: TestDatabase, env: ProcessEnv = {}): Promise<AppProcess> {
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

/**
 * The set-up of a suite that kills its app process (the *-kill specs): a fresh database, then the fake
 * `startFake` makes, before all; after all, the app process still running stopped with SIGTERM, the fake
 * stopped and the database dropped. `start` starts the app as a process on that database (each start
 * replaces the one stopped after all).
 */
export function appProcessSuite<F extends { stop(): Promise<unknown> }>(
  startFake: () => Promise<F>,
) {
  let db: TestDatabase | undefined;
  let fake: F | undefined;
  let instance: AppProcess | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    fake = await startFake();
  });
  afterAll(async () => {
    await instance?.kill('SIGTERM');
    await fake?.stop();
    await db?.drop();
  });
  return {
    /** The fake (after beforeAll). */
    get fake(): F {
      return fake!;
    },
    async start(env: ProcessEnv): Promise<AppProcess> {
      instance = await startAppProcess(db!, env);
      return instance;
    },
  };
}

/**
 * A basic licence bought by the customer of `cookie` on the sandbox payment page of the app process at
 * `url` (the database is the child's); the order's id.
 */
export async function buyOnSandboxPage(url: string, cookie: string): Promise<string> {
  const order = await request(url)
    .post('/api/payments/create')
    .set('Cookie', cookie)
    .set('Origin', url)
    .send({ subscriptionTier: 'basic' })
    .expect(200);
  await request(url).post(`/sandbox-pay/${order.body.orderId}/pay`).set('Origin', url).expect(200);
  return order.body.orderId as string;
}
