import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { newBackupPath } from './backup-engine';

describe('a new backup path', () => {
  const dir = mkdtempSync(join(tmpdir(), 'seatkeeper-backup-path-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives two backups started in the same second two names, before either is finished', () => {
    const at = new Date('2026-12-15T09:05:07.120Z');
    const first = newBackupPath(dir, 'postgres', at);
    const second = newBackupPath(dir, 'postgres', new Date('2026-12-15T09:05:07.480Z'));
    expect(basename(first)).toBe('seatkeeper-20261215T090507Z.pgdump');
    expect(basename(second)).toBe('seatkeeper-20261215T090507Z-2.pgdump');
    // Only the temporary names exist until a backup is finished: a backup's name is a whole backup.
    expect(existsSync(`${first}.partial`) && existsSync(`${second}.partial`)).toBe(true);
    expect(existsSync(first) || existsSync(second)).toBe(false);
  });
});
