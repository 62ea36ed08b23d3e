import { describe, expect, it } from 'vitest';
import {
  checkFile,
  checkUpload,
  compareVersions,
  formatBytes,
  megabytes,
  moveKind,
  shortSha,
  uploadFormData,
  type UploadValues,
} from './release-rules';

const MB = 1024 * 1024;
const zip = (name = 'visual-editor-1.1.0.zip', size = 2048) =>
  new File([new Uint8Array(size)], name, { type: 'application/zip' });
const values = (extra: Partial<UploadValues> = {}): UploadValues => ({
  file: zip(),
  version: '1.1.0',
  requires: '6.0',
  tested: '6.7.1',
  requiresPhp: '7.4',
  changelog: '- faster',
  ...extra,
});

describe('the release file', () => {
  it('takes a .zip (any case) within the limit', () => {
    expect(checkFile(zip(), 10 * MB)).toBeUndefined();
    expect(checkFile(zip('BUILD.ZIP'), 10 * MB)).toBeUndefined();
    expect(checkFile(zip('a.zip', 10 * MB), 10 * MB)).toBeUndefined();
  });

  it('refuses no file, another extension, an empty file and one over the limit (in MB)', () => {
    expect(checkFile(null, MB)).toEqual({ key: 'invalid.fileRequired' });
    expect(checkFile(zip('visual-editor.tar.gz'), MB)).toEqual({
      key: 'invalid.notZip',
      values: { name: 'visual-editor.tar.gz' },
    });
    expect(checkFile(zip('a.zip', 0), MB)?.key).toBe('invalid.empty');
    expect(checkFile(zip('a.zip', 10 * MB + 1), 10 * MB)).toEqual({
      key: 'invalid.tooLarge',
      values: { max: 10, size: 10 },
    });
    expect(checkFile(zip('a.zip', 3 * MB), 2.5 * MB)?.values).toEqual({ max: 2.5, size: 3 });
  });

  it('counts megabytes in steps of 1024, to one decimal', () => {
    expect(megabytes(50 * MB)).toBe(50);
    expect(megabytes(1.26 * MB)).toBe(1.3);
  });
});

describe('the upload form', () => {
  it('passes a complete form', () => {
    expect(checkUpload(values(), MB)).toEqual({});
    expect(checkUpload(values({ version: '1.2.3-beta.1', tested: '6.7' }), MB)).toEqual({});
    expect(checkUpload(values({ version: ' 2.0.0 ' }), MB)).toEqual({});
    // WordPress versions come in two to four numbers; PHP in two or three.
    expect(checkUpload(values({ version: '1.2', requiresPhp: '8.1.2' }), MB)).toEqual({});
    expect(checkUpload(values({ version: '1.2.3.4' }), MB)).toEqual({});
  });

  it('refuses versions that are not numbers and an optional pre-release, or longer than 32 characters', () => {
    for (const version of [
      '1',
      '1.2.3.4.5',
      'v1.2.3',
      '1.2.3-',
      '1.2.3-beta..1',
      '1.2.3 beta',
      '1.2.3+build',
    ])
      expect(checkUpload(values({ version }), MB).version?.key).toBe('invalid.version');
    expect(checkUpload(values({ version: `1.0.0-${'a'.repeat(27)}` }), MB).version?.key).toBe(
      'invalid.version',
    );
    expect(checkUpload(values({ version: `1.0.0-${'a'.repeat(26)}` }), MB).version).toBeUndefined();
    expect(checkUpload(values({ version: '  ' }), MB).version?.key).toBe('invalid.versionRequired');
  });

  it('refuses WordPress and PHP versions in other shapes', () => {
    const errors = checkUpload(values({ requires: '6', tested: 'latest', requiresPhp: '7' }), MB);
    expect(errors.requires?.key).toBe('invalid.wpVersion');
    expect(errors.tested?.key).toBe('invalid.wpVersion');
    expect(errors.requiresPhp?.key).toBe('invalid.phpVersion');
    expect(checkUpload(values({ requires: '' }), MB).requires?.key).toBe('invalid.wpVersion');
    expect(checkUpload(values({ tested: '6.7.1.2' }), MB).tested?.key).toBe('invalid.wpVersion');
    expect(checkUpload(values({ requiresPhp: '7.4.0.1' }), MB).requiresPhp?.key).toBe(
      'invalid.phpVersion',
    );
  });

  it('takes a changelog of 20,000 characters, not one more', () => {
    expect(checkUpload(values({ changelog: 'x'.repeat(20_000) }), MB).changelog).toBeUndefined();
    expect(checkUpload(values({ changelog: 'x'.repeat(20_001) }), MB).changelog).toEqual({
      key: 'invalid.changelogTooLong',
      values: { max: '20,000' },
    });
  });

  it('sends the fields trimmed and the file last', () => {
    const form = uploadFormData('plugins', 'visual-editor', values({ version: ' 1.1.0 ' }));
    expect([...form.keys()]).toEqual([
      'kind',
      'slug',
      'version',
      'changelog',
      'requires',
      'tested',
      'requiresPhp',
      'file',
    ]);
    expect(form.get('version')).toBe('1.1.0');
    expect((form.get('file') as File).name).toBe('visual-editor-1.1.0.zip');
  });
});

describe('versions in order', () => {
  it('orders by numbers, not text, and a pre-release before its release', () => {
    const sorted = [
      '1.10.0',
      '1.0.0',
      '1.0.0-beta.10',
      '1.2.0',
      '1.0.0-beta.2',
      '1.0.0-alpha',
      '1.0.0-beta',
      '0.9.9',
      '1.0.0.1',
    ].sort(compareVersions);
    expect(sorted).toEqual([
      '0.9.9',
      '1.0.0-alpha',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.10',
      '1.0.0',
      '1.0.0.1',
      '1.2.0',
      '1.10.0',
    ]);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
    expect(compareVersions('1.0.0-rc.1', '1.0.0-rc.1')).toBe(0);
  });

  it('calls a move to an older version a rollback', () => {
    expect(moveKind('1.0.0', '1.1.0')).toBe('rollback');
    expect(moveKind('1.1.0', '1.0.0')).toBe('forward');
    expect(moveKind('1.0.0', '1.0.0-beta.1')).toBe('forward');
    expect(moveKind('1.0.0', '1.0.0')).toBe('same');
    expect(moveKind('1.0.0', null)).toBe('forward');
  });
});

describe('sizes and digests', () => {
  it('formats sizes in the language', () => {
    expect(formatBytes(912, 'en')).toBe('912 bytes');
    expect(formatBytes(912, 'zh-CN')).toBe('912字节');
    expect(formatBytes(14_592, 'en')).toBe('14.3 kB');
    expect(formatBytes(3.14 * MB, 'zh-CN')).toBe('3.1 MB');
    expect(formatBytes(1536 * MB, 'en')).toBe('1.5 GB');
  });

  it('shortens a SHA-256 to 12 digits', () => {
    expect(shortSha('a'.repeat(64))).toBe('aaaaaaaaaaaa');
  });
});
