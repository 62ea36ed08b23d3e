import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DEFAULT_BINDING_CHANGES, type Tier } from '@seatkeeper/domain';
import { HotPathDb } from '../database/hot-path-db';
import { License, type SeatOrderRef } from './license.entity';

/** A seat as the console's list shows it, read as a plain row (no entity). */
export type SeatRow = Pick<
  License,
  | 'id'
  | 'licenseType'
  | 'websiteUrl'
  | 'bindingChangesLeft'
  | 'expiresAt'
  | 'purchasedAt'
  | 'lastBindingChangeAt'
  | 'purchaseTier'
  | 'seatIndex'
  | 'createdAt'
  | 'updatedAt'
  | 'aiBaseUrl'
  | 'aiApiKey'
  | 'aiConfigUpdatedAt'
  | 'revokedAt'
  | 'lastCheckedAt'
> & { userId: string; orderId: string | null };

/** The plugin's check: the token found by its digest, and the seat of its owner bound to the site, if any. */
export interface CheckRow {
  token_id: string;
  /** The token's owner. */
  user_id: string;
  last_used_at: Date | null;
  /** The seat bound to the site (null: none). */
  license_id: string | null;
  seat_index: number | null;
  purchase_tier: Tier;
  license_type: License['licenseType'];
  expires_at: Date | null;
  /** Set when the seat's order was refunded: the check answers LICENSE_REVOKED. */
  revoked_at: Date | null;
  /** When the seat's site was last checked (recorded at most once a minute, see touchLastChecked). */
  last_checked_at: Date | null;
}

/** A seat as the admin's customer overview shows it. */
export interface OverviewSeatRow {
  userId: string;
  id: string;
  seatIndex: number;
  websiteUrl: string | null;
  bindingChangesLeft: number;
  purchaseTier: Tier;
  licenseType: License['licenseType'];
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** A seat as the admin's customer page shows it (plain row; the AI key only as "set or not"). */
export interface CustomerSeatRow {
  id: string;
  seatIndex: number;
  purchaseTier: Tier;
  licenseType: License['licenseType'];
  websiteUrl: string | null;
  bindingChangesLeft: number;
  lastBindingChangeAt: Date | null;
  expiresAt: Date | null;
  purchasedAt: Date;
  revokedAt: Date | null;
  orderId: string | null;
  aiBaseUrl: string | null;
  aiModel: string | null;
  aiKeySet: boolean;
  aiConfigUpdatedAt: Date | null;
}

/** What an admin's seat action looks at and changes (plain row). */
export interface SeatStateRow {
  id: string;
  userId: string;
  seatIndex: number;
  websiteUrl: string | null;
  bindingChangesLeft: number;
  revokedAt: Date | null;
}

/** A new seat: permanent, with the default binding changes, numbered by the caller. */
export interface NewSeat {
  userId: string;
  tier: Tier;
  seatIndex: number;
  /** The order that gave it (its id). */
  orderId: string | null;
  purchasedAt: Date;
}

/** A reference to an order by its id (the orders module owns the entity). */
const orderRef = (em: EntityManager, id: string) => em.getReference<SeatOrderRef>('Order', id);

const toDate = (d: Date | string | null) => (d ? new Date(d) : null);

/**
 * The only reader and writer of `licenses`: every statement on the table is a named method here, so their
 * SQL is reviewed in one place. The two hot paths (the console's list and the plugin's check) read plain
 * rows through HotPathDb, without ORM entities; the seat changes (bind, grants, expansion, AI settings) load
 * entities in the caller's transaction (`em`), which holds the customer's row lock.
 */
@Injectable()
export class LicenseRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly hot: HotPathDb,
  ) {}

  /**
   * Hot path: the user's seats in seat order. For a 100-seat customer, building and registering ORM entities
   * cost more than everything else in the request (bench:licence-list).
   */
  findSeatRowsForUser(userId: string): Promise<SeatRow[]> {
    return this.hot.rows<SeatRow>(
      `select id, user_id as "userId", license_type as "licenseType", website_url as "websiteUrl",
              binding_changes_left as "bindingChangesLeft", expires_at as "expiresAt", purchased_at as "purchasedAt",
              last_binding_change_at as "lastBindingChangeAt", order_id as "orderId", purchase_tier as "purchaseTier",
              seat_index as "seatIndex", created_at as "createdAt", updated_at as "updatedAt", ai_base_url as "aiBaseUrl",
              ai_api_key as "aiApiKey", ai_config_updated_at as "aiConfigUpdatedAt", revoked_at as "revokedAt",
              last_checked_at as "lastCheckedAt"
       from licenses where user_id = ? order by seat_index`,
      [userId],
    );
  }

  /**
   * Hot path: the plugin calling home. One query finds the token by its digest and its owner's seat bound to
   * either candidate URL (the one statement here that reads user_tokens, a join TokenRepository would
   * otherwise answer in a second round trip). Undefined when no token has this digest.
   */
  async checkRow(digest: string, https: string, http: string): Promise<CheckRow | undefined> {
    const [row] = await this.hot.rows<CheckRow>(
      `select t.id as token_id, t.user_id, t.last_used_at, l.id as license_id, l.seat_index, l.purchase_tier, l.license_type, l.expires_at, l.revoked_at, l.last_checked_at
       from user_tokens t left join licenses l on l.user_id = t.user_id and l.website_url in (?, ?)
       where t.token_digest = ? limit 1`,
      [https, http, digest],
    );
    return row;
  }

  /**
   * Records that a seat's site was checked: a conditional update, at most once a minute per seat whatever
   * the instance count (docs/rules.md, "Last licence check"). updated_at is left alone: a check is not an edit.
   */
  async touchLastChecked(licenseId: string): Promise<void> {
    await this.em
      .getConnection()
      .execute(
        `update licenses set last_checked_at = now() where id = ? and (last_checked_at is null or last_checked_at < now() - interval '1 minute')`,
        [licenseId],
        'run',
      );
  }

  /** A seat as a package link checks it at download time (plain row). */
  async linkSeatRow(id: string): Promise<
    | {
        user_id: string;
        website_url: string | null;
        license_type: License['licenseType'];
        expires_at: Date | null;
        revoked_at: Date | null;
      }
    | undefined
  > {
    const [row] = await this.hot.rows<{
      user_id: string;
      website_url: string | null;
      license_type: License['licenseType'];
      expires_at: Date | null;
      revoked_at: Date | null;
    }>(
      'select user_id, website_url, license_type, expires_at, revoked_at from licenses where id = ?',
      [id],
    );
    return row;
  }

  /** The user's seats that are not revoked, in seat order: id and what decides whether each is active. */
  heldSeatsOf(userId: string): Promise<Pick<License, 'id' | 'licenseType' | 'expiresAt'>[]> {
    return this.em.find(
      License,
      { user: userId, revokedAt: null },
      { fields: ['id', 'licenseType', 'expiresAt'], orderBy: { seatIndex: 'asc' } },
    );
  }

  /** What decides whether each of the user's seats is active (seat-rules). */
  statusFieldsOf(userId: string): Promise<Pick<License, 'licenseType' | 'expiresAt'>[]> {
    return this.em.find(
      License,
      { user: userId, revokedAt: null },
      { fields: ['licenseType', 'expiresAt'] },
    );
  }

  /** Every seat of the user, as entities of the caller's transaction. */
  findAllOf(em: EntityManager, userId: string): Promise<License[]> {
    return em.find(License, { user: userId });
  }

  /** One seat of this user (null for another user's seat). */
  findOwned(em: EntityManager, userId: string, id: string): Promise<License | null> {
    return em.findOne(License, { id, user: userId });
  }

  /** One seat, whoever owns it. */
  findById(em: EntityManager, id: string): Promise<License | null> {
    return em.findOne(License, { id });
  }

  /** A seat read again from the database (after taking its owner's lock). */
  reload(em: EntityManager, id: string): Promise<License> {
    return em.findOneOrFail(License, { id }, { refresh: true });
  }

  /** The user's seat bound to one of these URLs (the AI generation's settings for a site). */
  findBoundTo(userId: string, urls: string[]): Promise<License | null> {
    return this.em.findOne(License, { user: userId, websiteUrl: { $in: urls } });
  }

  /** How many of the user's other seats are bound to one of these URLs (one domain per user). */
  countBoundElsewhere(
    em: EntityManager,
    userId: string,
    urls: string[],
    exceptId: string,
  ): Promise<number> {
    return em.count(License, {
      user: userId,
      websiteUrl: { $in: urls },
      id: { $ne: exceptId },
      revokedAt: null,
    });
  }

  /**
   * Releases these URLs from the user's revoked seats (other than `exceptId`), in the caller's transaction,
   * so that a held seat can be bound to the site: the revoked binding does not come back, the site moves to
   * the seat the customer holds now. Answers how many seats let go.
   */
  releaseFromRevoked(
    em: EntityManager,
    userId: string,
    urls: string[],
    exceptId: string,
  ): Promise<number> {
    return em.nativeUpdate(
      License,
      { user: userId, websiteUrl: { $in: urls }, id: { $ne: exceptId }, revokedAt: { $ne: null } },
      { websiteUrl: null },
    );
  }

  /** The seats of these users in seat order, plain rows (the admin's customer overview). */
  async findOverviewRows(userIds: string[]): Promise<OverviewSeatRow[]> {
    if (!userIds.length) return [];
    const rows = await this.em.getConnection().execute<OverviewSeatRow[]>(
      `select user_id as "userId", id, seat_index as "seatIndex", website_url as "websiteUrl",
              binding_changes_left as "bindingChangesLeft", purchase_tier as "purchaseTier",
              license_type as "licenseType", expires_at as "expiresAt", revoked_at as "revokedAt"
       from licenses where user_id in (${userIds.map(() => '?').join(', ')}) order by seat_index`,
      userIds,
    );
    return rows.map((r) => ({
      ...r,
      expiresAt: toDate(r.expiresAt),
      revokedAt: toDate(r.revokedAt),
    }));
  }

  /** Every seat of one customer for the admin's customer page, in seat order (the AI key never read). */
  async findCustomerRows(userId: string): Promise<CustomerSeatRow[]> {
    const rows = await this.em.getConnection().execute<CustomerSeatRow[]>(
      `select id, seat_index as "seatIndex", purchase_tier as "purchaseTier", license_type as "licenseType",
              website_url as "websiteUrl", binding_changes_left as "bindingChangesLeft",
              last_binding_change_at as "lastBindingChangeAt", expires_at as "expiresAt",
              purchased_at as "purchasedAt", revoked_at as "revokedAt", order_id as "orderId",
              ai_base_url as "aiBaseUrl", ai_model as "aiModel", (ai_api_key is not null) as "aiKeySet",
              ai_config_updated_at as "aiConfigUpdatedAt"
       from licenses where user_id = ? order by seat_index`,
      [userId],
    );
    return rows.map((r) => ({
      ...r,
      lastBindingChangeAt: toDate(r.lastBindingChangeAt),
      expiresAt: toDate(r.expiresAt),
      purchasedAt: toDate(r.purchasedAt)!,
      revokedAt: toDate(r.revokedAt),
      aiConfigUpdatedAt: toDate(r.aiConfigUpdatedAt),
    }));
  }

  /** One seat of this user as an admin's action sees it, in the caller's transaction (undefined: not theirs). */
  async seatState(
    em: EntityManager,
    userId: string,
    id: string,
  ): Promise<SeatStateRow | undefined> {
    const [row] = await em.getConnection().execute<SeatStateRow[]>(
      `select id, user_id as "userId", seat_index as "seatIndex", website_url as "websiteUrl",
              binding_changes_left as "bindingChangesLeft", revoked_at as "revokedAt"
       from licenses where id = ? and user_id = ?`,
      [id, userId],
      'all',
      em.getTransactionContext(),
    );
    return row ? { ...row, revokedAt: toDate(row.revokedAt) } : undefined;
  }

  /**
   * Revokes one seat, guarded: only a seat not revoked yet changes (answers false otherwise), so that of
   * two admins at once exactly one revokes it.
   */
  async revokeOne(em: EntityManager, id: string, at: Date): Promise<boolean> {
    const rows = await em
      .getConnection()
      .execute<{ id: string }[]>(
        'update licenses set revoked_at = ?, updated_at = now() where id = ? and revoked_at is null returning id',
        [at, id],
        'all',
        em.getTransactionContext(),
      );
    return rows.length === 1;
  }

  /**
   * Gives one seat its binding changes back, guarded: only a held seat with fewer than `to` changes left
   * changes (answers false otherwise).
   */
  async resetChanges(em: EntityManager, id: string, to: number): Promise<boolean> {
    const rows = await em.getConnection().execute<{ id: string }[]>(
      `update licenses set binding_changes_left = ?, updated_at = now()
       where id = ? and revoked_at is null and binding_changes_left < ? returning id`,
      [to, id, to],
      'all',
      em.getTransactionContext(),
    );
    return rows.length === 1;
  }

  /** A new seat, persisted with the caller's transaction. */
  create(em: EntityManager, seat: NewSeat): License {
    return em.create(License, {
      user: seat.userId,
      licenseType: 'permanent',
      purchaseTier: seat.tier,
      seatIndex: seat.seatIndex,
      bindingChangesLeft: DEFAULT_BINDING_CHANGES,
      order: seat.orderId ? orderRef(em, seat.orderId) : null,
      purchasedAt: seat.purchasedAt,
    });
  }

  /**
   * A revoked row given out again as a new seat (docs/rules.md, "Entitlements"): not revoked, without its
   * old domain, binding history or AI settings, with the default binding changes, for `orderId`.
   */
  renew(em: EntityManager, seat: License, f: { tier: Tier; orderId: string | null; at: Date }) {
    seat.revokedAt = null;
    seat.websiteUrl = null;
    seat.lastBindingChangeAt = null;
    seat.bindingChangesLeft = DEFAULT_BINDING_CHANGES;
    seat.licenseType = 'permanent';
    seat.expiresAt = null;
    seat.purchaseTier = f.tier;
    seat.purchasedAt = f.at;
    seat.order = f.orderId ? orderRef(em, f.orderId) : null;
    seat.aiApiKey = null;
    seat.aiBaseUrl = null;
    seat.aiModel = null;
    seat.aiConfigUpdatedAt = null;
  }
}
