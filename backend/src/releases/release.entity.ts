import { randomUUID } from 'node:crypto';
import {
  BigIntType,
  BlobType,
  Entity,
  Index,
  ManyToOne,
  OptionalProps,
  PrimaryKey,
  Property,
  Unique,
} from '@mikro-orm/core';
import { User } from '../users/user.entity';
import type { ReleaseKind, ReleaseSource } from './release-rules';

/**
 * One version of a plugin or theme (docs/wordpress.md, Releases): its fields, its file's size and
 * SHA-256, and whether it is the product's current version (what the update metadata offers and the
 * downloads serve). At most one current per product (a partial unique index); one row per version.
 * The file itself is in release_files. Owned by release.repository.ts.
 */
@Entity({ tableName: 'releases' })
@Unique({ name: 'releases_kind_slug_version_unique', properties: ['kind', 'slug', 'version'] })
@Unique({
  name: 'releases_one_current',
  expression: `create unique index "releases_one_current" on "releases" ("kind", "slug") where "current"`,
})
@Index({ name: 'releases_kind_slug_created_at_index', properties: ['kind', 'slug', 'createdAt'] })
export class Release {
  [OptionalProps]?:
    | 'id'
    | 'changelog'
    | 'requires'
    | 'tested'
    | 'requiresPhp'
    | 'uploadedBy'
    | 'createdAt'
    | 'current';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  kind!: ReleaseKind;

  @Property({ type: 'text' })
  slug!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  version!: string;

  /** Markdown (a seed's is its manifest's `changelog`, or its older HTML section read as text). */
  @Property({ type: 'text', default: '' })
  changelog: string = '';

  /** Requires at least (WordPress); '' when not given. */
  @Property({ type: 'text', default: '' })
  requires: string = '';

  /** Tested up to (WordPress); '' when not given. */
  @Property({ type: 'text', default: '' })
  tested: string = '';

  @Property({ type: 'text', default: '' })
  requiresPhp: string = '';

  @Property({ type: 'text' })
  fileName!: string;

  /** Bytes. */
  @Property({ type: new BigIntType('number') })
  size!: number;

  /** Hex SHA-256 of the file: the download's ETag. */
  @Property({ type: 'text' })
  sha256!: string;

  @Property({ type: 'text' })
  source!: ReleaseSource;

  /** The admin who uploaded it; null for a seed (or an admin deleted since). */
  @ManyToOne(() => User, { nullable: true, fieldName: 'uploaded_by', deleteRule: 'set null' })
  uploadedBy: User | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'boolean', default: false })
  current: boolean = false;
}

/** A release's file in 256 kB chunks (release-rules.ts, RELEASE_CHUNK_BYTES), read one at a time. */
@Entity({ tableName: 'release_files' })
export class ReleaseFile {
  @ManyToOne(() => Release, { primary: true, fieldName: 'release_id', deleteRule: 'cascade' })
  release!: Release;

  @PrimaryKey({ type: 'integer' })
  seq!: number;

  @Property({ type: BlobType })
  data!: Buffer;
}
