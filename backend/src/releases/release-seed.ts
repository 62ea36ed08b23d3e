import { createReadStream } from 'node:fs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { seedChangelog } from './release-changelog';
import { loadManifests, manifestText } from './release-manifests';
import { ReleaseRepository } from './release.repository';
import { parseLastUpdated, RELEASE_CHUNK_BYTES } from './release-rules';

/**
 * Seeds RELEASES_DIR at start (docs/wordpress.md, Releases): each product that has no row in
 * `releases` gets its manifest's version as current (source 'seed'), its zip streamed in chunks. One
 * transaction per product under the seeding lock, so instances starting together seed once; a product
 * already in the table is never touched again (the folder only seeds). Run by the database module
 * after the migrations. Answers what it seeded.
 */
export async function seedReleases(em: EntityManager, releasesDir: string): Promise<string[]> {
  const repo = new ReleaseRepository(em);
  const seeded: string[] = [];
  for (const m of loadManifests(releasesDir).values()) {
    const done = await em.fork().transactional(async (tx) => {
      await repo.lockSeeding(tx);
      if (await repo.countOf(tx, m.kind, m.slug)) return false;
      const release = await repo.insert(
        tx,
        {
          kind: m.kind,
          slug: m.slug,
          name: m.name,
          version: m.version,
          // Markdown: the manifest's own, else its older HTML section read as text.
          changelog: seedChangelog(m.manifest),
          requires: manifestText(m.manifest, 'requires'),
          tested: manifestText(m.manifest, 'tested'),
          requiresPhp: manifestText(m.manifest, 'requires_php'),
          fileName: m.fileName,
          source: 'seed',
          uploadedBy: null,
          createdAt: parseLastUpdated(m.manifest.last_updated) ?? undefined,
        },
        createReadStream(m.path, { highWaterMark: RELEASE_CHUNK_BYTES }),
      );
      await repo.makeCurrent(tx, release);
      return true;
    });
    if (done) seeded.push(`${m.kind}/${m.slug} ${m.version}`);
  }
  return seeded;
}
