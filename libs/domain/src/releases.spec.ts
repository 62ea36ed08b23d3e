import { describe, expect, it } from 'vitest';
import {
  isChangelogWithinLimit,
  isPhpVersion,
  isReleaseVersion,
  isWordPressVersion,
  RELEASE_CHANGELOG_MAX,
  RELEASE_VERSION_MAX,
} from './releases';

describe('release form fields', () => {
  it('takes versions of two to four numbers with an optional pre-release', () => {
    for (const v of ['1.0', '1.2', '1.2.3', '1.2.3.4', '1.2.3-beta.1', '2.0.0-rc1', '10.20.30'])
      expect([v, isReleaseVersion(v)]).toEqual([v, true]);
  });

  it('refuses anything else, and versions longer than 32 characters', () => {
    for (const v of [
      '',
      '1',
      'v1.2.3',
      '1.2.3.4.5',
      '1.2.3-',
      '1.2.3-beta..1',
      '1.2.3 ',
      ' 1.2.3',
      '1.2.3 beta',
      '1.2.3+build',
      '1.2.3/../x',
      '1.2.3\u0000',
      '1.2.3\n',
    ])
      expect([v, isReleaseVersion(v)]).toEqual([v, false]);
    const longest = `1.0.0-${'a'.repeat(RELEASE_VERSION_MAX - 6)}`;
    expect(isReleaseVersion(longest)).toBe(true);
    expect(isReleaseVersion(`${longest}a`)).toBe(false);
  });

  it('takes WordPress versions like 6.0 and 6.7.1', () => {
    for (const v of ['6.0', '6.7', '6.7.1', '10.1'])
      expect([v, isWordPressVersion(v)]).toEqual([v, true]);
    for (const v of ['', '6', '6.x', '6.7.1.1', ' 6.0', '6.0 ', 'latest', '12345.0'])
      expect([v, isWordPressVersion(v)]).toEqual([v, false]);
  });

  it('takes PHP versions like 7.4 and 8.1.2', () => {
    for (const v of ['7.4', '8.1.2']) expect([v, isPhpVersion(v)]).toEqual([v, true]);
    for (const v of ['', '7', '>=7.4', '7.4.x', '8.1.2.3'])
      expect([v, isPhpVersion(v)]).toEqual([v, false]);
  });

  it('takes a changelog of at most 20,000 characters', () => {
    expect(RELEASE_CHANGELOG_MAX).toBe(20_000);
    expect(isChangelogWithinLimit('')).toBe(true);
    expect(isChangelogWithinLimit('a'.repeat(20_000))).toBe(true);
    expect(isChangelogWithinLimit('a'.repeat(20_001))).toBe(false);
  });
});
