import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RELEASE_KINDS, RELEASE_SLUG_PATTERN, type ReleaseKind } from './release-rules';

/**
 * A product in RELEASES_DIR (releases/README.md): `<kind>/<slug>/manifest.json` naming a version and
 * its zip beside it. The folder only seeds a product's first release into the database; its manifest
 * also keeps the product's texts that are not a release's (description, installation, homepage,
 * banners, icons), which the update metadata and the details page show.
 */
export interface SeedManifest {
  kind: ReleaseKind;
  slug: string;
  name: string;
  version: string;
  /** Absolute path of the zip. */
  path: string;
  fileName: string;
  manifest: Record<string, unknown>;
}

/** Reads RELEASES_DIR once (at start): every product folder with a manifest and its zip. */
export function loadManifests(dir: string): Map<string, SeedManifest> {
  const found = new Map<string, SeedManifest>();
  for (const kind of RELEASE_KINDS) {
    const kindDir = join(dir, kind);
    if (!existsSync(kindDir)) continue;
    for (const slug of readdirSync(kindDir)) {
      const manifestPath = join(kindDir, slug, 'manifest.json');
      if (!RELEASE_SLUG_PATTERN.test(slug) || !existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
      const fileName = String(manifest.file ?? '');
      const path = join(kindDir, slug, fileName);
      if (!fileName || fileName.includes('/') || !existsSync(path)) continue;
      found.set(`${kind}/${slug}`, {
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
  return found;
}

/** A manifest field as text, or ''. */
export function manifestText(manifest: Record<string, unknown>, key: string): string {
  const value = manifest[key];
  return typeof value === 'string' ? value : '';
}
