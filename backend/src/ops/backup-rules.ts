import { createHash, createHmac, createPublicKey, hkdfSync } from 'node:crypto';

/**
 * The pure rules of backups, restores and the embedded → PostgreSQL move (docs/operations.md): file
 * names, how many to keep, the schedule's slots, the pg_dump version check and the key fingerprints.
 */

/** A backup's file name: the store, the UTC time to the second, and the kind of database it came from. */
export type BackupKind = 'pglite' | 'postgres';
const EXTENSION: Record<BackupKind, string> = {
  pglite: '.pglite.tar.gz',
  postgres: '.pgdump',
};
const NAME = /^seatkeeper-(\d{8}T\d{6}Z)(?:-(\d+))?\.(pglite\.tar\.gz|pgdump)$/;

export function backupFileName(kind: BackupKind, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  return `seatkeeper-${stamp}${EXTENSION[kind]}`;
}

/** The kind of a backup file, by its name (ours), else by its extension; undefined: not a backup. */
export function backupKindOf(file: string): BackupKind | undefined {
  const base = file.split(/[\\/]/).pop() ?? file;
  if (base.endsWith('.pglite.tar.gz') || base.endsWith('.tar.gz')) return 'pglite';
  if (base.endsWith('.pgdump') || base.endsWith('.dump')) return 'postgres';
  return undefined;
}

/** The backups of ours to delete so that the newest `keep` remain (names sort by time). */
export function backupsToPrune(names: string[], keep: number): string[] {
  // By time, then by the suffix a second backup in the same second gets (-2, -3 ...).
  const key = (n: string) => {
    const m = NAME.exec(n)!;
    return `${m[1]}-${(m[2] ?? '1').padStart(6, '0')}`;
  };
  const ours = names.filter((n) => NAME.test(n)).sort((a, b) => (key(a) < key(b) ? -1 : 1));
  return ours.slice(0, Math.max(0, ours.length - keep));
}

/** BACKUP_EVERY: `30m`, `6h`, `24h`, `7d`; empty or `off`: no scheduled backups. Milliseconds, or an error. */
export function parseBackupEvery(value: string | undefined): number | undefined | Error {
  const v = (value ?? '').trim().toLowerCase();
  if (!v || v === 'off' || v === '0') return undefined;
  const m = /^(\d+)\s*(m|h|d)$/.exec(v);
  if (!m)
    return new Error(
      `BACKUP_EVERY must be a duration such as 30m, 24h or 7d (got "${v.slice(0, 20)}")`,
    );
  const ms = Number(m[1]) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 'm' | 'h' | 'd'];
  if (ms < 15 * 60_000) return new Error('BACKUP_EVERY must be at least 15m');
  return ms;
}

/**
 * The schedule's slot a moment falls in: each instance claims the slot's row (one INSERT ... ON CONFLICT
 * DO NOTHING), so one backup is taken per period however many instances run.
 */
export function backupSlot(now: Date, everyMs: number): number {
  return Math.floor(now.getTime() / everyMs);
}

/** The major version in `pg_dump (PostgreSQL) 15.20 (Debian ...)` or in a server_version_num (150020). */
export function pgDumpMajor(versionLine: string): number | undefined {
  const m = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(versionLine);
  return m ? Number(m[1]) : undefined;
}
export function serverMajor(serverVersionNum: string | number): number {
  return Math.floor(Number(serverVersionNum) / 10_000);
}

/** Why pg_dump cannot back this server up (it refuses a server newer than itself), or undefined. */
export function pgDumpProblem(
  versionLine: string | undefined,
  serverVersionNum: number,
): string | undefined {
  const server = serverMajor(serverVersionNum);
  if (versionLine === undefined)
    return `pg_dump was not found: install the PostgreSQL ${server} client tools (e.g. apt-get install postgresql-client-${server}) or put pg_dump on PATH`;
  const client = pgDumpMajor(versionLine);
  if (client === undefined) return `pg_dump answered an unknown version: ${versionLine.trim()}`;
  if (client < server)
    return `pg_dump ${client} is older than the PostgreSQL ${server} server: install the PostgreSQL ${server} client tools (pg_dump ${server} or newer)`;
  return undefined;
}

/**
 * The fingerprints of the secrets the data depends on (docs/deployment.md, "Backups"): BETTER_AUTH_SECRET seals AI
 * keys, API tokens and package links; LICENSE_SIGNING_KEY signs what the sellers' plugins pin. One-way and
 * short: the database never holds anything that would reveal either.
 */
export const KEY_NAMES = {
  secret: 'BETTER_AUTH_SECRET',
  signingKey: 'LICENSE_SIGNING_KEY',
} as const;
export type KeyName = keyof typeof KEY_NAMES;

export function keyFingerprints(secret: string, signingKeyPem: string): Record<KeyName, string> {
  const sealKey = Buffer.from(hkdfSync('sha256', secret, 'seatkeeper', 'key-fingerprint', 32));
  const publicDer = createPublicKey(signingKeyPem).export({ format: 'der', type: 'spki' });
  return {
    secret: createHmac('sha256', sealKey).update('seatkeeper').digest('hex').slice(0, 32),
    signingKey: createHash('sha256').update(publicDer).digest('hex').slice(0, 32),
  };
}

/** What differs between the fingerprints stored with the data and the ones configured, as one sentence. */
export function keyMismatch(
  stored: Partial<Record<KeyName, string>>,
  configured: Record<KeyName, string>,
): string | undefined {
  const differ = (Object.keys(KEY_NAMES) as KeyName[]).filter(
    (k) => stored[k] !== undefined && stored[k] !== configured[k],
  );
  if (!differ.length) return undefined;
  const names = differ.map((k) => KEY_NAMES[k]).join(' and ');
  return (
    `This database was written under another ${names} than the one configured: ` +
    `${differ.includes('secret') ? 'its AI keys, API tokens and download links cannot be opened' : ''}` +
    `${differ.length === 2 ? ', and ' : ''}` +
    `${differ.includes('signingKey') ? "the sellers' plugins would refuse its licence answers" : ''}. ` +
    `Start with the ${names} the data was written with (docs/deployment.md, "Backups"); the app does not start with other keys.`
  );
}
