/**
 * A release's form fields (docs/wordpress.md, Releases): the formats the server checks on upload
 * (backend/src/releases/dto/release.dto.ts) and the admin form checks before sending
 * (frontend/src/features/admin-releases/release-rules.ts), one rule for both.
 */

/** 1.2.3, 1.2, 1.2.3.4, 1.2.3-beta.1: two to four numbers, then an optional pre-release tag. */
export const RELEASE_VERSION_PATTERN =
  /^\d{1,9}(?:\.\d{1,9}){1,3}(?:-[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?$/;
/** A version's length at most, in characters. */
export const RELEASE_VERSION_MAX = 32;
/** "Requires at least" and "Tested up to": a WordPress version, 6.0 or 6.7.1. */
export const WP_VERSION_PATTERN = /^\d{1,4}\.\d{1,4}(?:\.\d{1,4})?$/;
/** "Requires PHP": 7.4 or 8.1.2. */
export const PHP_VERSION_PATTERN = /^\d{1,4}\.\d{1,4}(?:\.\d{1,4})?$/;
/** The changelog (Markdown) at most, in characters. */
export const RELEASE_CHANGELOG_MAX = 20_000;

/** A release version: the pattern, at most RELEASE_VERSION_MAX characters. */
export function isReleaseVersion(value: string): boolean {
  return value.length <= RELEASE_VERSION_MAX && RELEASE_VERSION_PATTERN.test(value);
}

/** A WordPress version for "Requires at least" and "Tested up to". */
export const isWordPressVersion = (value: string): boolean => WP_VERSION_PATTERN.test(value);

/** A PHP version for "Requires PHP". */
export const isPhpVersion = (value: string): boolean => PHP_VERSION_PATTERN.test(value);

/** A changelog within the limit. */
export const isChangelogWithinLimit = (value: string): boolean =>
  value.length <= RELEASE_CHANGELOG_MAX;
