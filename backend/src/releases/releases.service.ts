import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { APP_CONFIG, type AppConfig } from '../config/env';
import type { User } from '../users/user.entity';
import type {
  ReleaseDto,
  ReleaseListDto,
  ReleaseProductDto,
  UploadReleaseDto,
} from './dto/release.dto';
import type { Release } from './release.entity';
import { ReleaseError, ReleaseErrorCode } from './release-errors';
import { loadManifests, type SeedManifest } from './release-manifests';
import { isUniqueViolation, type NewRelease, ReleaseRepository } from './release.repository';
import {
  chunkSlices,
  megabyteCount,
  megabytes,
  RELEASE_CHUNK_BYTES,
  releaseFileName,
  type ReleaseKind,
} from './release-rules';
import { inspectReleaseZip } from './release-zip';
import { WebhookEvents } from '../webhooks/webhook-events.service';

/** The zip an upload left in the temporary directory (multer's disk storage). */
export interface UploadedZip {
  path: string;
  size: number;
}

/** What the update routes serve: the product's current release and its seed manifest's texts. */
export interface ServedRelease extends Omit<NewRelease, 'source' | 'uploadedBy' | 'createdAt'> {
  id: string;
  size: number;
  sha256: string;
  createdAt: Date;
  /** The product's manifest in RELEASES_DIR ({} when it has none): homepage, sections, banners... */
  manifest: Record<string, unknown>;
}

const AUDIT_UPLOADED = 'release.uploaded';
const AUDIT_CURRENT = 'release.current';

function view(r: Release, uploadedBy?: string | null): ReleaseDto {
  return {
    id: r.id,
    kind: r.kind,
    slug: r.slug,
    name: r.name,
    version: r.version,
    changelog: r.changelog,
    requires: r.requires,
    tested: r.tested,
    requiresPhp: r.requiresPhp,
    fileName: r.fileName,
    size: Number(r.size),
    sha256: r.sha256,
    current: r.current,
    source: r.source,
    uploadedBy: uploadedBy !== undefined ? uploadedBy : (r.uploadedBy?.email ?? null),
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Releases managed in the app (docs/wordpress.md, Releases): the admin's list, uploads and the current
 * marker, and the current release the update routes serve, read from the database on every request so
 * that every instance serves an upload or a rollback at once. Files are stored and served in chunks,
 * never whole in memory.
 */
@Injectable()
export class ReleasesService {
  private readonly manifests: Map<string, SeedManifest>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly em: EntityManager,
    private readonly repo: ReleaseRepository,
    private readonly audit: AuditService,
    private readonly webhooks: WebhookEvents,
  ) {
    this.manifests = loadManifests(config.releasesDir);
  }

  get maxBytes(): number {
    return this.config.releaseMaxBytes;
  }

  tooLarge(): ReleaseError {
    return new ReleaseError(ReleaseErrorCode.RELEASE_TOO_LARGE, {
      text: `The file is larger than ${megabytes(this.maxBytes)}`,
      // The limit in bytes (SPEC's field) and in MB, as the admin's screen says it.
      details: { maxBytes: this.maxBytes, maxMb: megabyteCount(this.maxBytes) },
    });
  }

  /** Every product the table knows, its current release and its history (newest first). */
  async list(): Promise<ReleaseListDto> {
    const products = new Map<string, ReleaseProductDto>();
    for (const row of await this.repo.all()) {
      const key = `${row.kind}/${row.slug}`;
      let product = products.get(key);
      if (!product) {
        product = { kind: row.kind, slug: row.slug, name: row.name, current: null, releases: [] };
        products.set(key, product);
      }
      const dto = view(row);
      product.releases.push(dto);
      if (dto.current) {
        product.current = dto;
        product.name = dto.name;
      }
    }
    return { maxBytes: this.maxBytes, products: [...products.values()] };
  }

  /**
   * An admin's upload: the fields are valid (the DTO), the product known, the zip holds `<slug>/` and a
   * main file whose Version: is the version given; then the release, its file and the current marker in
   * one transaction under the product's lock, audited in it. The same version twice (even at once): 409.
   */
  async upload(
    admin: User,
    fields: UploadReleaseDto,
    file: UploadedZip | undefined,
  ): Promise<ReleaseDto> {
    if (!file) throw new ReleaseError(ReleaseErrorCode.RELEASE_FILE_REQUIRED);
    if (file.size > this.maxBytes) throw this.tooLarge();
    const { kind, slug, version } = fields;
    if (!(await this.repo.newest(this.em.fork(), kind, slug)))
      throw new ReleaseError(ReleaseErrorCode.PRODUCT_NOT_FOUND);
    const main = await inspectReleaseZip(file.path, kind, slug);
    // The versions go beside the code, so the admin's screen says one sentence in its language
    // (docs/architecture.md, "Errors"); the text is the API's English.
    if (!main.version)
      throw new ReleaseError(ReleaseErrorCode.RELEASE_VERSION_HEADER_MISSING, {
        text: `The zip's main file has no Version: header, the form says ${version}`,
        details: { formVersion: version },
      });
    if (main.version !== version)
      throw new ReleaseError(ReleaseErrorCode.RELEASE_VERSION_MISMATCH, {
        text: `The zip's main file says Version: ${main.version}, the form says ${version}`,
        details: { zipVersion: main.version, formVersion: version },
      });
    const exists = () =>
      new ReleaseError(ReleaseErrorCode.RELEASE_VERSION_EXISTS, {
        text: `Version ${version} of ${slug} already exists`,
      });
    try {
      const release = await this.em.fork().transactional(async (em) => {
        await this.repo.lockProduct(em, kind, slug);
        if (await this.repo.hasVersion(em, kind, slug, version)) throw exists();
        const previous = await this.repo.currentIn(em, kind, slug);
        const release = await this.repo.insert(
          em,
          {
            kind,
            slug,
            name: main.name,
            version,
            changelog: fields.changelog ?? '',
            requires: fields.requires,
            tested: fields.tested,
            requiresPhp: fields.requiresPhp,
            fileName: releaseFileName(slug, version),
            source: 'upload',
            uploadedBy: admin.id,
          },
          createReadStream(file.path, { highWaterMark: RELEASE_CHUNK_BYTES }),
        );
        await this.repo.makeCurrent(em, release);
        const target = `${kind}/${slug}`;
        this.audit.record(em, {
          actor: admin.email,
          action: AUDIT_UPLOADED,
          target,
          after: {
            version,
            fileName: release.fileName,
            size: release.size,
            sha256: release.sha256,
          },
        });
        this.audit.record(em, {
          actor: admin.email,
          action: AUDIT_CURRENT,
          target,
          before: { version: previous?.version ?? null },
          after: { version },
        });
        // release.published (docs/webhooks.md), delivered once this commits.
        await this.webhooks.releasePublished(em, {
          id: release.id,
          product: target,
          version,
          publishedAt: new Date(),
        });
        await em.flush();
        return release;
      });
      return view(release, admin.email);
    } catch (e) {
      if (isUniqueViolation(e)) throw exists();
      throw e;
    }
  }

  /**
   * Moves the product's current marker to this release (a rollback, or forward again), under the
   * product's lock; audited with the old and the new version. Already current: answered as it is, with
   * no second audit entry.
   */
  async makeCurrent(admin: User, id: string): Promise<ReleaseDto> {
    const found = await this.repo.byId(this.em.fork(), id);
    if (!found) throw new ReleaseError(ReleaseErrorCode.RELEASE_NOT_FOUND);
    const release = await this.em.fork().transactional(async (em) => {
      await this.repo.lockProduct(em, found.kind, found.slug);
      // Read again under the lock: another admin may have moved the marker meanwhile.
      const target = await this.repo.byId(em, id);
      if (!target) throw new ReleaseError(ReleaseErrorCode.RELEASE_NOT_FOUND);
      const previous = await this.repo.currentIn(em, target.kind, target.slug);
      if (previous?.id === target.id) return target;
      await this.repo.makeCurrent(em, target);
      this.audit.record(em, {
        actor: admin.email,
        action: AUDIT_CURRENT,
        target: `${target.kind}/${target.slug}`,
        before: { version: previous?.version ?? null },
        after: { version: target.version },
      });
      await em.flush();
      return target;
    });
    return view(release);
  }

  /** The product's current release, read now (one indexed query), or 404 PRODUCT_NOT_FOUND. */
  async current(kind: ReleaseKind, slug: string): Promise<ServedRelease> {
    const row = await this.repo.current(kind, slug);
    if (!row) throw new ReleaseError(ReleaseErrorCode.PRODUCT_NOT_FOUND);
    return {
      id: row.id,
      kind: row.kind,
      slug: row.slug,
      name: row.name,
      version: row.version,
      changelog: row.changelog,
      requires: row.requires,
      tested: row.tested,
      requiresPhp: row.requiresPhp,
      fileName: row.fileName,
      size: Number(row.size),
      sha256: row.sha256,
      createdAt: row.createdAt,
      manifest: this.manifests.get(`${kind}/${slug}`)?.manifest ?? {},
    };
  }

  /**
   * Bytes `start..end` (inclusive) of a release's file, read one stored chunk per query as the
   * reader asks for more (backpressure): a download never holds more than a chunk.
   */
  fileStream(release: { id: string }, start: number, end: number): Readable {
    const repo = this.repo;
    return Readable.from(
      (async function* () {
        for (const slice of chunkSlices(start, end)) {
          const chunk = await repo.chunk(release.id, slice.seq);
          if (!chunk) throw new Error(`release ${release.id}: chunk ${slice.seq} is missing`);
          yield chunk.subarray(slice.from, slice.to);
        }
      })(),
      { objectMode: false },
    );
  }
}
