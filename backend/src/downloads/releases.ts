import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type ReleaseKind = 'plugins' | 'themes';

export interface Release {
  kind: ReleaseKind;
  slug: string;
  name: string;
  version: string;
  /** Absolute path of the zip. */
  path: string;
  fileName: string;
  manifest: Record<string, unknown>;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Reads RELEASES_DIR: <kind>/<slug>/manifest.json naming the current version's zip. */
export function loadReleases(dir: string): Map<string, Release> {
  const releases = new Map<string, Release>();
  for (const kind of ['plugins', 'themes'] as const) {
    const kindDir = join(dir, kind);
    if (!existsSync(kindDir)) continue;
    for (const slug of readdirSync(kindDir)) {
      const manifestPath = join(kindDir, slug, 'manifest.json');
      if (!SLUG.test(slug) || !existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
      const fileName = String(manifest.file ?? '');
      const path = join(kindDir, slug, fileName);
      if (!fileName || fileName.includes('/') || !existsSync(path)) continue;
      releases.set(`${kind}/${slug}`, {
        kind,
        slug,
        name: String(manifest.name ?? slug),
        version: String(manifest.version ?? '0.0.0'),
        path,
        fileName,
        manifest,
      });
    }
  }
  return releases;
}
