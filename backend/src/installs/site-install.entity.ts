import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One site running one product (docs/insights.md): when it last checked in, and the versions and locale
 * its last recorded check carried. Written only by installs.store.ts, in batches, at most once an hour per
 * site; rows unseen for the retention period are deleted.
 */
@Entity({ tableName: 'site_installs' })
@Index({ name: 'site_installs_user_id_index', properties: ['userId'] })
@Index({ name: 'site_installs_license_id_index', properties: ['licenseId'] })
export class SiteInstall {
  /** `plugins` or `themes`, as in the update channel's paths. */
  @PrimaryKey({ type: 'text' })
  kind!: string;

  /** The product's slug. */
  @PrimaryKey({ type: 'text' })
  product!: string;

  /** The site's normalised host (and port). */
  @PrimaryKey({ type: 'text' })
  host!: string;

  @Property({ type: 'timestamptz' })
  firstSeenAt!: Date;

  @Index()
  @Property({ type: 'timestamptz' })
  lastSeenAt!: Date;

  @Property({ type: 'text', nullable: true })
  productVersion?: string | null;

  @Property({ type: 'text', nullable: true })
  wpVersion?: string | null;

  @Property({ type: 'text', nullable: true })
  phpVersion?: string | null;

  @Property({ type: 'text', nullable: true })
  locale?: string | null;

  /** The customer whose activation code the site last presented (no foreign key: a hint, not a link). */
  @Property({ type: 'uuid', nullable: true })
  userId?: string | null;

  /** The seat bound to this site that the licence check last matched. */
  @Property({ type: 'uuid', nullable: true })
  licenseId?: string | null;
}
