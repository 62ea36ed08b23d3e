import {
  isChangelogWithinLimit,
  isPhpVersion,
  isReleaseVersion,
  isWordPressVersion,
  RELEASE_CHANGELOG_MAX,
  RELEASE_VERSION_MAX,
} from '@seatkeeper/domain';
import type { Language } from '../../lib/i18n';

/**
 * The release form's rules (docs/wordpress.md, releases managed in the app). The fields' formats
 * (version, WordPress and PHP versions, changelog length) are the server's own, from @seatkeeper/domain
 * (libs/domain/src/releases.ts), so the form refuses before sending what the server would refuse.
 */

export interface UploadValues {
  file: File | null;
  version: string;
  requires: string;
  tested: string;
  requiresPhp: string;
  changelog: string;
}

/** A refusal as a catalogue key of the releases namespace and its values. */
export interface Refusal {
  key: string;
  values?: Record<string, string | number>;
}

export type UploadErrors = Partial<Record<keyof UploadValues, Refusal>>;

/** The limit in whole or tenth megabytes (1 MB = 1024 × 1024 bytes, as WordPress counts upload limits). */
export const megabytes = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The zip file: present, named .zip, no larger than the server's limit. */
export function checkFile(file: File | null, maxBytes: number): Refusal | undefined {
  if (!file) return { key: 'invalid.fileRequired' };
  if (!/\.zip$/i.test(file.name)) return { key: 'invalid.notZip', values: { name: file.name } };
  if (file.size > maxBytes)
    return {
      key: 'invalid.tooLarge',
      values: { max: megabytes(maxBytes), size: megabytes(file.size) },
    };
  if (file.size === 0) return { key: 'invalid.empty', values: { name: file.name } };
  return undefined;
}

/** Every field of the upload form checked; an empty object when it may be sent. */
export function checkUpload(values: UploadValues, maxBytes: number): UploadErrors {
  const errors: UploadErrors = {};
  const file = checkFile(values.file, maxBytes);
  if (file) errors.file = file;
  const version = values.version.trim();
  if (!version) errors.version = { key: 'invalid.versionRequired' };
  else if (!isReleaseVersion(version))
    errors.version = { key: 'invalid.version', values: { max: RELEASE_VERSION_MAX } };
  if (!isWordPressVersion(values.requires.trim())) errors.requires = { key: 'invalid.wpVersion' };
  if (!isWordPressVersion(values.tested.trim())) errors.tested = { key: 'invalid.wpVersion' };
  if (!isPhpVersion(values.requiresPhp.trim())) errors.requiresPhp = { key: 'invalid.phpVersion' };
  if (!isChangelogWithinLimit(values.changelog))
    errors.changelog = {
      key: 'invalid.changelogTooLong',
      values: { max: RELEASE_CHANGELOG_MAX.toLocaleString('en-US') },
    };
  return errors;
}

/**
 * The multipart body of POST /api/admin/releases: the fields first and the file last, so the server
 * has read every field by the time the zip streams in.
 */
export function uploadFormData(kind: string, slug: string, values: UploadValues): FormData {
  const form = new FormData();
  form.append('kind', kind);
  form.append('slug', slug);
  form.append('version', values.version.trim());
  form.append('changelog', values.changelog);
  form.append('requires', values.requires.trim());
  form.append('tested', values.tested.trim());
  form.append('requiresPhp', values.requiresPhp.trim());
  if (values.file) form.append('file', values.file, values.file.name);
  return form;
}

const numericPart = /^\d+$/;

/**
 * Semantic-version precedence of two versions of the form above: negative when `a` is older, 0 when
 * equal, positive when newer (1.0.0-beta.2 < 1.0.0-beta.10 < 1.0.0 < 1.0.1).
 */
export function compareVersions(a: string, b: string): number {
  const [coreA = '', preA] = splitVersion(a);
  const [coreB = '', preB] = splitVersion(b);
  const numsA = coreA.split('.').map(Number);
  const numsB = coreB.split('.').map(Number);
  for (let i = 0; i < Math.max(numsA.length, numsB.length); i++) {
    const d = (numsA[i] ?? 0) - (numsB[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  // A version without a pre-release is newer than the same version with one.
  if (preA === undefined || preB === undefined) {
    if (preA === preB) return 0;
    return preA === undefined ? 1 : -1;
  }
  const partsA = preA.split('.');
  const partsB = preB.split('.');
  for (let i = 0; i < Math.max(partsA.length, partsB.length); i++) {
    const x = partsA[i];
    const y = partsB[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const xNum = numericPart.test(x);
    const yNum = numericPart.test(y);
    if (xNum && yNum) return Math.sign(Number(x) - Number(y));
    if (xNum !== yNum) return xNum ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

function splitVersion(version: string): [string, string | undefined] {
  const dash = version.indexOf('-');
  return dash < 0 ? [version, undefined] : [version.slice(0, dash), version.slice(dash + 1)];
}

/** What moving the current marker to `target` means: an update, a rollback, or the same version. */
export type MoveKind = 'forward' | 'rollback' | 'same';
export function moveKind(target: string, current: string | null | undefined): MoveKind {
  if (!current) return 'forward';
  const order = compareVersions(target, current);
  return order < 0 ? 'rollback' : order > 0 ? 'forward' : 'same';
}

const INTL_LOCALE: Record<Language, string> = { en: 'en-US', 'zh-CN': 'zh-CN' };
const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * A size for people, in the language's number format: 912 bytes (912字节), 14.2 kB, 3.1 MB (steps of
 * 1024, as upload limits are counted).
 */
export function formatBytes(bytes: number, language: Language): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(INTL_LOCALE[language], {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** The first 12 hex digits of a SHA-256, enough to tell releases apart at a glance. */
export const shortSha = (sha256: string): string => sha256.slice(0, 12);
