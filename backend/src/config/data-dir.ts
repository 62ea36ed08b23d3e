import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  statfsSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

const MB = 1024 * 1024;
const PROBE_BYTES = 64 * 1024;

/**
 * Checks at start that the data directory (embedded database, development secret) can be written and
 * has room, so a read-only or full disk stops the app with one clear sentence instead of a database
 * error later. Returns the problem, or undefined when the directory is usable.
 */
export function dataDirProblem(dir: string, minFreeMb: number): string | undefined {
  const fix = 'make it writable or set DATA_DIR to another directory';
  const explain = (e: NodeJS.ErrnoException): string => {
    switch (e.code) {
      case 'EROFS':
        return `DATA_DIR ${dir} is on a read-only file system: ${fix}`;
      case 'EACCES':
      case 'EPERM':
        return `DATA_DIR ${dir} is not writable by this user (permission denied): ${fix}`;
      case 'ENOSPC':
      case 'EDQUOT':
        return `DATA_DIR ${dir} is full (no space left on device): free some space or set DATA_DIR to another directory`;
      case 'ENOTDIR':
      case 'EEXIST':
        return `DATA_DIR ${dir} is not a directory`;
      default:
        return `DATA_DIR ${dir} cannot be used (${e.code ?? e.message}): ${fix}`;
    }
  };
  // A fresh name, created exclusively: instances sharing the directory (all pid 1 in containers) never
  // share a probe, and nothing already there (a symlink) is followed.
  const probe = join(dir, `.write-check-${randomBytes(6).toString('hex')}`);
  let fd: number | undefined;
  let freeMb: number;
  try {
    makeDirectory(dir);
    fd = openSync(probe, 'wx');
    writeFileSync(fd, Buffer.alloc(PROBE_BYTES)); // writes it all or throws (ENOSPC)
    fsyncSync(fd);
    const { bavail, bsize } = statfsSync(dir);
    freeMb = Math.floor((bavail * bsize) / MB);
  } catch (e) {
    return explain(e as NodeJS.ErrnoException);
  } finally {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(probe);
    } catch {
      // never created
    }
  }
  // Probes left by a start that was killed mid-check (another instance's live probe may go too: its
  // open descriptor keeps working).
  for (const name of readdirSync(dir)) {
    if (!name.startsWith('.write-check-')) continue;
    try {
      unlinkSync(join(dir, name));
    } catch {
      // gone already
    }
  }
  if (freeMb < minFreeMb) {
    return `DATA_DIR ${dir} is nearly full: ${freeMb} MB free, at least ${minFreeMb} MB needed (DATA_DIR_MIN_FREE_MB): free some space or set DATA_DIR to another directory`;
  }
  return undefined;
}

/** mkdir -p, one level at a time, so a read-only parent reports EROFS/EACCES (a recursive mkdir says ENOENT). */
function makeDirectory(dir: string): void {
  if (existsSync(dir)) return;
  makeDirectory(dirname(dir));
  try {
    mkdirSync(dir);
  } catch (e) {
    // Another instance starting at the same moment may have made it.
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !existsSync(dir)) throw e;
  }
}
