import { generateKeyPairSync } from 'node:crypto';
import {
  backupFileName,
  backupKindOf,
  backupSlot,
  backupsToPrune,
  keyFingerprints,
  keyMismatch,
  parseBackupEvery,
  pgDumpMajor,
  pgDumpProblem,
} from './backup-rules';
import { checksumDifferences, copyOrder } from './move-rules';

const pem = () =>
  generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

describe('backup rules', () => {
  it('names a backup by its UTC second and its kind', () => {
    const at = new Date('2026-12-18T09:05:07.123Z');
    expect(backupFileName('pglite', at)).toBe('seatkeeper-20261218T090507Z.pglite.tar.gz');
    expect(backupFileName('postgres', at)).toBe('seatkeeper-20261218T090507Z.pgdump');
    expect(backupKindOf('/x/seatkeeper-20261218T090507Z.pgdump')).toBe('postgres');
    expect(backupKindOf('copy.pglite.tar.gz')).toBe('pglite');
    expect(backupKindOf('notes.txt')).toBeUndefined();
  });

  it('prunes the oldest of its own files beyond BACKUP_KEEP, never other files', () => {
    const names = [
      'seatkeeper-20261218T090507Z.pgdump',
      'seatkeeper-20261216T090507Z.pgdump',
      'seatkeeper-20261217T090507Z.pgdump',
      'seatkeeper-20261217T090507Z-2.pgdump',
      'important.pgdump',
      'seatkeeper-20261215T000000Z.pgdump.partial',
    ];
    expect(backupsToPrune(names, 2)).toEqual([
      'seatkeeper-20261216T090507Z.pgdump',
      'seatkeeper-20261217T090507Z.pgdump',
    ]);
    expect(backupsToPrune(names, 14)).toEqual([]);
  });

  it('reads BACKUP_EVERY as minutes, hours or days, at least 15 minutes', () => {
    expect(parseBackupEvery(undefined)).toBeUndefined();
    expect(parseBackupEvery('off')).toBeUndefined();
    expect(parseBackupEvery('24h')).toBe(86_400_000);
    expect(parseBackupEvery('30m')).toBe(1_800_000);
    expect(parseBackupEvery('7d')).toBe(604_800_000);
    expect(parseBackupEvery('5m')).toBeInstanceOf(Error);
    expect(parseBackupEvery('daily')).toBeInstanceOf(Error);
  });

  it('puts every moment of one period in the same slot', () => {
    const day = 86_400_000;
    expect(backupSlot(new Date('2026-12-18T00:00:01Z'), day)).toBe(
      backupSlot(new Date('2026-12-18T23:59:59Z'), day),
    );
    expect(backupSlot(new Date('2026-12-19T00:00:00Z'), day)).toBe(
      backupSlot(new Date('2026-12-18T00:00:00Z'), day) + 1,
    );
  });

  it('says when pg_dump is missing or older than the server', () => {
    expect(pgDumpMajor('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)')).toBe(15);
    expect(pgDumpProblem('pg_dump (PostgreSQL) 15.20', 150020)).toBeUndefined();
    expect(pgDumpProblem('pg_dump (PostgreSQL) 17.2', 150020)).toBeUndefined();
    expect(pgDumpProblem('pg_dump (PostgreSQL) 15.20', 170002)).toMatch(
      /pg_dump 15 is older than the PostgreSQL 17 server/,
    );
    expect(pgDumpProblem(undefined, 160001)).toMatch(/pg_dump was not found.*PostgreSQL 16/);
  });

  it('fingerprints the secrets without revealing them and names the one that differs', () => {
    const key = pem();
    const secret = 'a'.repeat(40);
    const a = keyFingerprints(secret, key);
    expect(a.secret).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(a)).not.toContain(secret);
    expect(keyFingerprints(secret, key)).toEqual(a);
    expect(keyMismatch(a, a)).toBeUndefined();
    expect(keyMismatch({}, a)).toBeUndefined();
    const otherSecret = keyFingerprints('b'.repeat(40), key);
    expect(keyMismatch(a, otherSecret)).toMatch(/another BETTER_AUTH_SECRET than/);
    expect(keyMismatch(a, otherSecret)).not.toMatch(/LICENSE_SIGNING_KEY/);
    const otherKey = keyFingerprints(secret, pem());
    expect(keyMismatch(a, otherKey)).toMatch(/another LICENSE_SIGNING_KEY than/);
  });
});

describe('move rules', () => {
  it('copies each table after the tables it points to, roll-ups last', () => {
    const order = copyOrder(
      ['orders', 'users', 'licenses', 'dashboard_days', 'plans', 'audit_entries'],
      [
        { child: 'orders', parent: 'users' },
        { child: 'licenses', parent: 'orders' },
        { child: 'licenses', parent: 'users' },
        { child: 'users', parent: 'users' },
      ],
    );
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('orders'));
    expect(order.indexOf('orders')).toBeLessThan(order.indexOf('licenses'));
    expect(order[order.length - 1]).toBe('dashboard_days');
    expect(() =>
      copyOrder(
        ['a', 'b'],
        [
          { child: 'a', parent: 'b' },
          { child: 'b', parent: 'a' },
        ],
      ),
    ).toThrow(/cycle among a, b/);
  });

  it('names each table whose count or checksum differs', () => {
    const s = new Map([
      ['users', { rows: 2, checksum: 'x' }],
      ['orders', { rows: 3, checksum: 'y' }],
    ]);
    expect(checksumDifferences(s, new Map(s))).toEqual([]);
    expect(
      checksumDifferences(
        s,
        new Map([
          ['users', { rows: 2, checksum: 'z' }],
          ['orders', { rows: 2, checksum: 'y' }],
        ]),
      ),
    ).toEqual([
      'users: same row count (2), different contents',
      'orders: 3 rows in the source, 2 in the target',
    ]);
  });
});
