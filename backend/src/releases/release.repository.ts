import { createHash } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Release } from './release.entity';
import { RELEASE_CHUNK_BYTES, type ReleaseKind } from './release-rules';

/** The advisory-lock namespace of releases: (namespace, hashtext('<kind>/<slug>')) per product. */
const RELEASE_LOCK_NAMESPACE = 748_221_917;
/** The lock key (within the namespace) held while seeding from RELEASES_DIR. */
const SEED_LOCK = 'seed';

/** Fields of a new release row (the file's size and digest come from writing its chunks). */
export interface NewRelease {
  kind: ReleaseKind;
  slug: string;
  name: string;
  version: string;
  changelog: string;
  requires: string;
  tested: string;
  requiresPhp: string;
  fileName: string;
  source: 'seed' | 'upload';
  uploadedBy: string | null;
  createdAt?: Date;
}

export const isUniqueViolation = (e: unknown) =>
  e instanceof UniqueConstraintViolationException ||
  (e as { code?: string } | null)?.code === '23505';

/** PostgreSQL's bytea arrives as a Buffer; PGlite's as a Uint8Array. */
const asBuffer = (data: unknown): Buffer =>
  Buffer.isBuffer(data) ? data : Buffer.from(data as Uint8Array);

/**
 * The only reader and writer of `releases` and `release_files` (docs/architecture.md, one owner per
 * table). Read on every request with no cache: an upload or a rollback on one instance is what every
 * instance serves next.
 */
@Injectable()
export class ReleaseRepository {
  constructor(private readonly em: EntityManager) {}

  /** The product's current release: one lookup on the partial unique index releases_one_current. */
  current(kind: ReleaseKind, slug: string): Promise<Release | null> {
    return this.em.fork().findOne(Release, { kind, slug, current: true });
  }

  /** The product's current release as the caller's transaction sees it. */
  currentIn(em: EntityManager, kind: ReleaseKind, slug: string): Promise<Release | null> {
    return em.findOne(Release, { kind, slug, current: true }, { refresh: true });
  }

  /** Every release with its uploader, each product's newest first. */
  all(): Promise<Release[]> {
    return this.em
      .fork()
      .find(
        Release,
        {},
        { populate: ['uploadedBy'], orderBy: { kind: 'asc', slug: 'asc', createdAt: 'desc' } },
      );
  }

  /** Some release of the product (its newest), or null: the product is unknown. */
  newest(em: EntityManager, kind: ReleaseKind, slug: string): Promise<Release | null> {
    return em.findOne(Release, { kind, slug }, { orderBy: { createdAt: 'desc' } });
  }

  byId(em: EntityManager, id: string): Promise<Release | null> {
    return em.findOne(Release, { id }, { populate: ['uploadedBy'], refresh: true });
  }

  hasVersion(em: EntityManager, kind: ReleaseKind, slug: string, version: string) {
    return em.count(Release, { kind, slug, version }).then((n) => n > 0);
  }

  countOf(em: EntityManager, kind: ReleaseKind, slug: string): Promise<number> {
    return em.count(Release, { kind, slug });
  }

  /**
   * Serialises changes of one product's releases until the caller's transaction ends (moving the
   * current marker, adding a version). Taken with em.execute inside the transaction: on PGlite (one
   * connection) a lock taken beside the transaction would wait for it forever.
   */
  async lockProduct(em: EntityManager, kind: ReleaseKind, slug: string): Promise<void> {
    await em.execute('select pg_advisory_xact_lock(?, hashtext(?))', [
      RELEASE_LOCK_NAMESPACE,
      `${kind}/${slug}`,
    ]);
  }

  /** Several instances starting together seed RELEASES_DIR once: the others wait, then find rows. */
  async lockSeeding(em: EntityManager): Promise<void> {
    await em.execute('select pg_advisory_xact_lock(?, hashtext(?))', [
      RELEASE_LOCK_NAMESPACE,
      SEED_LOCK,
    ]);
  }

  /**
   * Inserts a release (not current yet) and its file, read from `source` and stored in chunks of
   * RELEASE_CHUNK_BYTES one at a time, the SHA-256 computed on the way: the file is never whole in
   * memory. In the caller's transaction.
   */
  async insert(
    em: EntityManager,
    fields: NewRelease,
    source: AsyncIterable<Buffer | string>,
  ): Promise<Release> {
    const release = em.create(Release, {
      ...fields,
      uploadedBy: fields.uploadedBy,
      size: 0,
      sha256: '',
      current: false,
      ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
    });
    await em.flush();
    const hash = createHash('sha256');
    let size = 0;
    let seq = 0;
    const write = async (data: Buffer) => {
      await em.execute('insert into release_files (release_id, seq, data) values (?, ?, ?)', [
        release.id,
        seq++,
        data,
      ]);
    };
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    for await (const piece of source) {
      let chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
      hash.update(chunk);
      size += chunk.length;
      while (pendingBytes + chunk.length >= RELEASE_CHUNK_BYTES) {
        const take = RELEASE_CHUNK_BYTES - pendingBytes;
        await write(Buffer.concat([...pending, chunk.subarray(0, take)]));
        chunk = chunk.subarray(take);
        pending = [];
        pendingBytes = 0;
      }
      if (chunk.length) {
        pending.push(chunk);
        pendingBytes += chunk.length;
      }
    }
    if (pendingBytes) await write(Buffer.concat(pending));
    release.size = size;
    release.sha256 = hash.digest('hex');
    await em.flush();
    return release;
  }

  /**
   * Makes `release` its product's only current one, in the caller's transaction (which holds the
   * product's lock): the old marker is cleared first, so the partial unique index never sees two.
   */
  async makeCurrent(em: EntityManager, release: Release): Promise<void> {
    await em.nativeUpdate(
      Release,
      { kind: release.kind, slug: release.slug, current: true, id: { $ne: release.id } },
      { current: false },
    );
    await em.nativeUpdate(Release, { id: release.id }, { current: true });
    release.current = true;
  }

  /** One stored chunk of a release's file (null past its end). */
  async chunk(releaseId: string, seq: number): Promise<Buffer | null> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<{ data: unknown }[]>(
        'select data from release_files where release_id = ? and seq = ?',
        [releaseId, seq],
      );
    return rows.length ? asBuffer(rows[0].data) : null;
  }
}
