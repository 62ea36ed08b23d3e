/**
 * The rules of releases managed in the app (docs/wordpress.md, Releases): the upload form's fields, the
 * zip's layout and main-file header (read the way WordPress's get_file_data reads it), the stored chunks
 * and the byte ranges a download reads. Pure, unit-tested in release-rules.spec.ts. The fields' formats
 * (version, WordPress and PHP versions, changelog length) are the shared rules of @seatkeeper/domain
 * (libs/domain/src/releases.ts), which the admin form checks too.
 */

import { RELEASE_CHANGELOG_MAX, RELEASE_VERSION_MAX } from '@seatkeeper/domain';

export const RELEASE_KINDS = ['plugins', 'themes'] as const;
export type ReleaseKind = (typeof RELEASE_KINDS)[number];
export type ReleaseSource = 'seed' | 'upload';

/** A product's slug: its folder in the zip and in RELEASES_DIR. */
export const RELEASE_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Stored file chunks (release_files.data): 256 kB each, the last one shorter. */
export const RELEASE_CHUNK_BYTES = 256 * 1024;
/** WordPress reads a main file's headers from its first 8 kB (get_file_data). */
export const HEADER_BYTES = 8 * 1024;
/** A release zip with more entries than this is refused unread (a real plugin has hundreds). */
export const ZIP_MAX_ENTRIES = 20_000;
/** The top-level .php files of a plugin's folder read for a Plugin Name: header, at most. */
export const MAIN_FILE_CANDIDATES_MAX = 50;

export const RELEASE_FORM_MESSAGES = {
  kind: 'kind must be plugins or themes',
  slug: 'slug must be lowercase letters, digits and hyphens (at most 64)',
  version: `version must look like 1.2.3 or 1.2.3-beta.1 (at most ${RELEASE_VERSION_MAX} characters)`,
  requires: 'requires must be a WordPress version like 6.0 or 6.7.1',
  tested: 'tested must be a WordPress version like 6.0 or 6.7.1',
  requiresPhp: 'requiresPhp must be a PHP version like 7.4',
  changelog: `changelog must be shorter than or equal to ${RELEASE_CHANGELOG_MAX} characters`,
} as const;

/** The stored file's name: the slug and the version, whatever the uploaded file was called. */
export function releaseFileName(slug: string, version: string): string {
  return `${slug}-${version}.zip`;
}

/** The header naming the product in its main file. */
export function nameHeader(kind: ReleaseKind): 'Plugin Name' | 'Theme Name' {
  return kind === 'plugins' ? 'Plugin Name' : 'Theme Name';
}

/** Whether the zip holds the product's folder (`<slug>/` or any entry under it). */
export function hasProductFolder(slug: string, entryNames: readonly string[]): boolean {
  const folder = `${slug}/`;
  return entryNames.some((name) => name.startsWith(folder));
}

/**
 * The files that may be the main file, in the order they are read: a theme's `<slug>/style.css`; a
 * plugin's top-level `<slug>/*.php` files (WordPress's get_plugins reads those for a Plugin Name:
 * header), shortest name first so `<slug>/<slug>.php` comes early, at most MAIN_FILE_CANDIDATES_MAX.
 */
export function mainFileCandidates(
  kind: ReleaseKind,
  slug: string,
  entryNames: readonly string[],
): string[] {
  if (kind === 'themes') {
    const style = `${slug}/style.css`;
    return entryNames.includes(style) ? [style] : [];
  }
  const folder = `${slug}/`;
  const preferred = `${slug}/${slug}.php`;
  return entryNames
    .filter((n) => n.startsWith(folder) && /^[^/]+\.php$/i.test(n.slice(folder.length)))
    .sort((a, b) =>
      a === preferred ? -1 : b === preferred ? 1 : a.length - b.length || (a < b ? -1 : 1),
    )
    .slice(0, MAIN_FILE_CANDIDATES_MAX);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The headers of a main file as WordPress's get_file_data reads them: the first 8 kB, CR as LF, a line
 * `Name: value` after an optional `<?php` and any of ` \t/*#@`, the name case-insensitive; the value
 * up to a closing `*\/` or `?>`, trimmed. A header not found is ''.
 */
export function fileHeaders<N extends string>(
  text: string,
  names: readonly N[],
): Record<N, string> {
  const head = text.slice(0, HEADER_BYTES).replace(/\r/g, '\n');
  const found = {} as Record<N, string>;
  for (const name of names) {
    const m = new RegExp(`^(?:[ \\t]*<\\?php)?[ \\t/*#@]*${escapeRegExp(name)}:(.*)$`, 'mi').exec(
      head,
    );
    found[name] = m ? m[1].replace(/\s*(?:\*\/|\?>).*/, '').trim() : '';
  }
  return found;
}

/** What a release zip says about itself: its product name and version from the main file. */
export interface MainFile {
  path: string;
  name: string;
  version: string;
}

/** The main file among the candidates' headers: the first with a non-empty name header. */
export function pickMainFile(
  kind: ReleaseKind,
  candidates: readonly { path: string; text: string }[],
): MainFile | null {
  const header = nameHeader(kind);
  for (const { path, text } of candidates) {
    const h = fileHeaders(text, [header, 'Version'] as const);
    if (h[header]) return { path, name: h[header].slice(0, 200), version: h.Version };
  }
  return null;
}

/** WordPress's `last_updated`: `YYYY-MM-DD HH:MM:SS`, UTC. */
export function lastUpdated(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** A seed manifest's `last_updated` (`2026-11-01 00:00:00`, read as UTC), or null. */
export function parseLastUpdated(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?$/.exec(value.trim());
  if (!m) return null;
  const date = new Date(`${m[1]}T${m[2] ?? '00:00:00'}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '50 MB', '0.5 MB', '1.25 MB'. */
export function megabytes(bytes: number): string {
  return `${megabyteCount(bytes)} MB`;
}

/** Bytes in MB, to two decimals at most (1048576 → 1, 524288 → 0.5). */
export const megabyteCount = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 100) / 100;

/** One chunk's part of a byte range: the chunk, and the bytes of it to send (end exclusive). */
export interface ChunkSlice {
  seq: number;
  from: number;
  to: number;
}

/**
 * The chunks holding bytes `start..end` (inclusive, as in a Range header) of a file stored in chunks
 * of `chunkBytes`, each with the part of it to send. Empty for an empty range.
 */
export function chunkSlices(
  start: number,
  end: number,
  chunkBytes = RELEASE_CHUNK_BYTES,
): ChunkSlice[] {
  const slices: ChunkSlice[] = [];
  if (end < start) return slices;
  for (let seq = Math.floor(start / chunkBytes); seq * chunkBytes <= end; seq++) {
    const base = seq * chunkBytes;
    slices.push({
      seq,
      from: Math.max(start - base, 0),
      to: Math.min(end - base + 1, chunkBytes),
    });
  }
  return slices;
}
