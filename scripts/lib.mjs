// Small helpers shared by the npm scripts (start, dev, test).
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const skipLog = join(root, 'tmp', 'test-skips.txt');

/** A port nothing listens on now (the system's choice), for a server a suite starts. */
export function freePort() {
  return /** @type {Promise<number>} */ (
    new Promise((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
        server.close(() => resolve(port));
      });
    })
  );
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: 'inherit',
      cwd: root,
      ...options,
      env: { ...process.env, ...options.env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/**
 * Runs a command beside others: each line of its output goes out whole, behind `[prefix] `, so two
 * suites running at once stay readable. Resolves with its exit code.
 */
export function runPrefixed(prefix, cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: root,
      ...options,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...options.env },
    });
    /** @param {import('node:stream').Readable} stream @param {NodeJS.WriteStream} out */
    const relay = (stream, out) => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`[${prefix}] ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`[${prefix}] ${rest}\n`));
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/** A suite that could not run here: loud, recorded for the final summary, or fatal when CI requires it. */
export function skip(suite, reason, requiredBy) {
  const required = requiredBy && process.env[requiredBy] === '1';
  const banner = '!'.repeat(78);
  console.error(
    `\n${banner}\n${required ? 'FAILED' : 'SKIPPED'}: ${suite}\n  ${reason}\n${
      required
        ? `  ${requiredBy}=1 is set, so a skip is a failure.`
        : `  (set ${requiredBy}=1 to make this a failure, as .ci/run does)`
    }\n${banner}\n`,
  );
  mkdirSync(dirname(skipLog), { recursive: true });
  appendFileSync(skipLog, `${suite}: ${reason}\n`);
  return required ? 1 : 0;
}
