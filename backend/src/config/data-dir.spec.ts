// The embedded-mode data directory on real file systems: a read-only and a full tmpfs mounted for the
// test (root with mount rights, as on our machines and in CI), a directory without write permission
// (any other user), and a file where the directory should be.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './env';

const work = mkdtempSync(join(tmpdir(), 'seatkeeper-datadir-'));
const mounted: string[] = [];

function mountTmpfs(name: string, options: string): string | undefined {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (e) {
    console.warn(
      `!!! SKIPPED data-directory case on a ${options} tmpfs: cannot mount here (${(e as Error).message.split('\n')[0]})`,
    );
    return undefined;
  }
  mounted.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of mounted.reverse()) execFileSync('umount', [dir]);
  rmSync(work, { recursive: true, force: true });
});

const start = (env: Record<string, string>) => () => loadConfig(env);

describe('the data directory at start (embedded mode)', () => {
  it('refuses a read-only file system with one clear sentence', () => {
    const ro = mountTmpfs('ro', 'ro,size=4m');
    if (!ro) return;
    expect(start({ DATA_DIR: ro })).toThrow(
      new ConfigError(
        `DATA_DIR ${ro} is on a read-only file system: make it writable or set DATA_DIR to another directory`,
      ),
    );
    // A directory to be created below it fails the same way.
    expect(start({ DATA_DIR: join(ro, 'data') })).toThrow(/is on a read-only file system/);
  });

  it('refuses a directory this user may not write', () => {
    if (process.getuid?.() === 0) {
      console.warn(
        '!!! SKIPPED permission case: root ignores file modes (the read-only file system case covers root)',
      );
      return;
    }
    const locked = join(work, 'locked');
    mkdirSync(locked, { mode: 0o555 });
    chmodSync(locked, 0o555);
    expect(start({ DATA_DIR: locked })).toThrow(
      /is not writable by this user \(permission denied\)/,
    );
  });

  it('refuses a full disk, and one with less room than DATA_DIR_MIN_FREE_MB', () => {
    const small = mountTmpfs('small', 'size=2m');
    if (!small) return;
    expect(start({ DATA_DIR: small })).toThrow(
      /^DATA_DIR .* is nearly full: [0-2] MB free, at least 64 MB needed \(DATA_DIR_MIN_FREE_MB\): free some space or set DATA_DIR to another directory$/,
    );
    writeFileSync(join(small, 'filler'), Buffer.alloc(2 * 1024 * 1024 - 32 * 1024)); // leaves less than the probe
    expect(start({ DATA_DIR: small, DATA_DIR_MIN_FREE_MB: '0' })).toThrow(
      new ConfigError(
        `DATA_DIR ${small} is full (no space left on device): free some space or set DATA_DIR to another directory`,
      ),
    );
    expect(readdirSync(small)).toEqual(['filler']); // the probe cleaned up after itself
  });

  it('refuses a file where the directory should be', () => {
    const file = join(work, 'a-file');
    writeFileSync(file, 'x');
    expect(start({ DATA_DIR: file })).toThrow(
      new ConfigError(`DATA_DIR ${file} is not a directory`),
    );
  });

  it('starts on a writable directory with room, leaving only the secret and the signing key behind', () => {
    const ok = join(work, 'ok');
    const config = loadConfig({ DATA_DIR: ok });
    expect(config.dataDir).toBe(ok);
    expect(readdirSync(ok)).toEqual(['license-signing-key.pem', 'secret']);
  });

  it('only reads the development secret once it exists (PostgreSQL, read-only data directory)', () => {
    const dir = mountTmpfs('secret-ro', 'size=4m');
    if (!dir) return;
    loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://db/x' }); // writes the secret
    writeFileSync(join(dir, '.write-check-left-by-a-killed-start'), 'x');
    execFileSync('mount', ['-o', 'remount,ro', dir]);
    const again = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://db/x' });
    expect(again.secret).toMatch(/^[0-9a-f]{64}$/);
    // Embedded mode still needs to write there.
    expect(start({ DATA_DIR: dir })).toThrow(/is on a read-only file system/);
  });

  it('clears probes left by a start killed mid-check', () => {
    const dir = join(work, 'leftovers');
    mkdirSync(dir);
    writeFileSync(join(dir, '.write-check-1234'), Buffer.alloc(1024));
    loadConfig({ DATA_DIR: dir });
    expect(readdirSync(dir)).toEqual(['license-signing-key.pem', 'secret']);
  });

  it('does not touch the data directory with PostgreSQL, a configured secret and a configured signing key', () => {
    const missing = join(work, 'never-created');
    loadConfig({
      DATA_DIR: missing,
      DATABASE_URL: 'postgres://db/x',
      BETTER_AUTH_SECRET: 'x'.repeat(40),
      LICENSE_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    expect(() => readdirSync(missing)).toThrow(/ENOENT/);
  });
});
