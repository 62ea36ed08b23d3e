import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { AuditEntry } from './audit-entry.entity';
import { containsPattern, isUuid } from '../common/query';
import { AuditError, AuditErrorCode } from './audit-errors';
import {
  actorOf,
  auditWindow,
  CUSTOMER_EMAIL_ACTIONS,
  targetFilterOf,
  targetOf,
  type ActorKind,
} from './audit-rules';

export interface AuditRecord {
  actor: string;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
}

@Injectable()
export class AuditService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Adds an entry to the given (transactional) entity manager: it commits or rolls back with the change. */
  record(em: EntityManager, entry: AuditRecord): void {
    em.create(AuditEntry, { ...entry, before: entry.before ?? null, after: entry.after ?? null });
  }

  /** Every entry about one target (an order number, an e-mail), oldest first (at most `limit`). */
  async forTarget(target: string, limit = 200) {
    const entries = await this.em.find(
      AuditEntry,
      { target },
      { orderBy: { createdAt: 'asc', id: 'asc' }, limit },
    );
    return entries.map(auditItem);
  }

  /** The newest entries about any of these targets (a customer's e-mail, orders and seats), newest first. */
  async aboutTargets(targets: string[], limit = 50) {
    if (!targets.length) return [];
    const entries = await this.em.find(
      AuditEntry,
      { target: { $in: targets } },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit },
    );
    return entries.map(auditItem);
  }

  /**
   * The admin audit log (docs/product.md, back office: a readable audit log), newest first, filtered by
   * action, actor (part of an admin's e-mail, or of the e-mail of the customer who acted) and a time
   * window; each entry with the actor's e-mail and the customer and order it is about, for links.
   * Read with SQL over users, orders and licences (read-only, like the dashboard's reporting reader,
   * docs/architecture.md): the audit module sits under every owner, so it cannot call their services.
   */
  async list(filter: AuditListFilter): Promise<AuditListPage> {
    const window = auditWindow(filter.from, filter.to, this.config.sellerTimeZone);
    if (!window) throw new AuditError(AuditErrorCode.AUDIT_DATES_INVALID);
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.action) {
      where.push('a.action = ?');
      params.push(filter.action);
    }
    if (filter.actor?.trim()) {
      const pattern = containsPattern(filter.actor.trim());
      where.push(
        `(a.actor ilike ? or (a.actor like 'user:%' and exists (select 1 from users u where u.id::text = substr(a.actor, 6) and u.email ilike ?)))`,
      );
      params.push(pattern, pattern);
    }
    if (filter.target?.trim()) {
      const target = targetFilterOf(filter.target);
      if (!target) throw new AuditError(AuditErrorCode.AUDIT_TARGET_INVALID);
      const { sql, values } = targetCondition(target);
      where.push(sql);
      params.push(...values);
    }
    if (window.from) {
      where.push('a.created_at >= ?');
      params.push(window.from);
    }
    if (window.to) {
      where.push('a.created_at < ?');
      params.push(window.to);
    }
    const conn = this.em.getConnection();
    const rows = await conn.execute<AuditRow[]>(
      `select a.id, a.actor, a.action, a.target, a.before, a.after, a.created_at, count(*) over () as total
       from audit_entries a ${where.length ? `where ${where.join(' and ')}` : ''}
       order by a.created_at desc, a.id desc limit ? offset ?`,
      [...params, filter.pageSize, (filter.page - 1) * filter.pageSize],
    );
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && filter.page > 1) {
      const [count] = await conn.execute<{ total: string }[]>(
        `select count(*) as total from audit_entries a ${where.length ? `where ${where.join(' and ')}` : ''}`,
        params,
      );
      total = Number(count.total);
    }
    const links = await this.linksFor(rows);
    return {
      items: rows.map((row) => {
        const actor = actorOf(row.actor, row.action);
        const target = targetOf(row.target);
        const seat = target.licenseId ? links.licenses.get(target.licenseId.toLowerCase()) : null;
        const customer =
          (target.orderNumber && links.orders.get(target.orderNumber)) ||
          (target.email && links.usersByEmail.get(target.email)) ||
          seat ||
          (actor.userId && links.usersById.get(actor.userId)) ||
          (actor.kind === 'customer' &&
            actor.email &&
            links.usersByEmail.get(actor.email.toLowerCase())) ||
          null;
        return {
          id: row.id,
          actor: row.actor,
          action: row.action,
          target: row.target,
          before: parseJson(row.before),
          after: parseJson(row.after),
          createdAt: new Date(row.created_at).toISOString(),
          actorKind: actor.kind,
          actorEmail:
            actor.email ??
            (actor.userId ? (links.usersById.get(actor.userId)?.email ?? null) : null),
          customerId: customer?.id ?? null,
          customerEmail: customer?.email ?? null,
          orderNumber:
            target.orderNumber && links.orders.has(target.orderNumber) ? target.orderNumber : null,
          licenseId: seat ? target.licenseId!.toLowerCase() : null,
          seatIndex: seat?.seatIndex ?? null,
        };
      }),
      pagination: { page: filter.page, pageSize: filter.pageSize, total },
    };
  }

  /**
   * The customers a page of entries is about, by user id, e-mail, order number and seat, with each seat's
   * number: one read for the whole page (a union of the three lookups), never one per entry.
   */
  private async linksFor(rows: AuditRow[]) {
    const userIds = new Set<string>();
    const emails = new Set<string>();
    const orderNumbers = new Set<string>();
    const licenseIds = new Set<string>();
    for (const row of rows) {
      const actor = actorOf(row.actor, row.action);
      if (actor.userId && isUuid(actor.userId)) userIds.add(actor.userId);
      if (actor.kind === 'customer' && actor.email) emails.add(actor.email.toLowerCase());
      const target = targetOf(row.target);
      if (target.orderNumber) orderNumbers.add(target.orderNumber);
      if (target.email) emails.add(target.email);
      if (target.licenseId) licenseIds.add(target.licenseId.toLowerCase());
    }
    const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');
    const parts: string[] = [];
    const params: unknown[] = [];
    if (userIds.size || emails.size) {
      parts.push(
        `select 'user' as kind, u.id::text as key, u.id::text as id, u.email, null::int as seat_index
         from users u where ${[
           userIds.size ? `u.id::text in (${marks(userIds.size)})` : null,
           emails.size ? `lower(u.email) in (${marks(emails.size)})` : null,
         ]
           .filter(Boolean)
           .join(' or ')}`,
      );
      params.push(...userIds, ...emails);
    }
    if (orderNumbers.size) {
      parts.push(
        `select 'order' as kind, o.order_id as key, u.id::text as id, u.email, null::int as seat_index
         from orders o join users u on u.id = o.user_id where o.order_id in (${marks(orderNumbers.size)})`,
      );
      params.push(...orderNumbers);
    }
    if (licenseIds.size) {
      parts.push(
        `select 'seat' as kind, l.id::text as key, u.id::text as id, u.email, l.seat_index
         from licenses l join users u on u.id = l.user_id where l.id::text in (${marks(licenseIds.size)})`,
      );
      params.push(...licenseIds);
    }
    type Found = {
      kind: 'user' | 'order' | 'seat';
      key: string;
      id: string;
      email: string;
      seat_index: number | null;
    };
    const found = parts.length
      ? await this.em.getConnection().execute<Found[]>(parts.join(' union all '), params)
      : [];
    type Customer = { id: string; email: string };
    const usersById = new Map<string, Customer>();
    const usersByEmail = new Map<string, Customer>();
    const orders = new Map<string, Customer>();
    const licenses = new Map<string, Customer & { seatIndex: number }>();
    for (const r of found) {
      const customer = { id: r.id, email: r.email };
      if (r.kind === 'user') {
        usersById.set(r.id, customer);
        usersByEmail.set(r.email.toLowerCase(), customer);
      } else if (r.kind === 'order') orders.set(r.key, customer);
      else licenses.set(r.key, { ...customer, seatIndex: Number(r.seat_index) });
    }
    return { usersById, usersByEmail, orders, licenses };
  }
}

/**
 * The SQL of the list's target filter (docs/product.md, back office: a readable audit log), on the
 * target index: an order's entries; a seat's (its binds name the bare licence id, the admin's actions
 * `<id> (seat N)`); a customer's: entries naming their e-mail, their orders or seats, and their own actions.
 */
function targetCondition(target: NonNullable<ReturnType<typeof targetFilterOf>>): {
  sql: string;
  values: unknown[];
} {
  switch (target.kind) {
    case 'order':
      return { sql: 'a.target = ?', values: [target.orderNumber] };
    case 'seat':
      return {
        sql: '(a.target = ? or a.target like ?)',
        values: [target.licenseId, `${target.licenseId} (seat %`],
      };
    case 'customer': {
      const bindActions = [...CUSTOMER_EMAIL_ACTIONS];
      return {
        sql: `(a.target = ?
          or a.target in (select o.order_id from orders o join users u on u.id = o.user_id where lower(u.email) = ?)
          or a.target in (select l.id::text from licenses l join users u on u.id = l.user_id where lower(u.email) = ?)
          or a.target in (select l.id::text || ' (seat ' || l.seat_index || ')' from licenses l join users u on u.id = l.user_id where lower(u.email) = ?)
          or a.actor in (select 'user:' || u.id::text from users u where lower(u.email) = ?)
          or (a.actor = ? and a.action in (${bindActions.map(() => '?').join(', ')})))`,
        values: [...Array.from({ length: 6 }, () => target.email), ...bindActions],
      };
    }
  }
}

export interface AuditListFilter {
  action?: string;
  actor?: string;
  /** A customer's e-mail, an order number or a seat's licence id (audit-rules.ts targetFilterOf). */
  target?: string;
  /** ISO 8601; inclusive. */
  from?: string;
  /** ISO 8601; exclusive (a date alone includes its day). */
  to?: string;
  page: number;
  pageSize: number;
}

interface AuditRow {
  id: string;
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  created_at: Date | string;
  total: string | number;
}

export type AuditListPage = {
  items: (Omit<ReturnType<typeof auditItem>, 'before' | 'after'> & {
    before: unknown;
    after: unknown;
    actorKind: ActorKind;
    actorEmail: string | null;
    customerId: string | null;
    customerEmail: string | null;
    orderNumber: string | null;
    licenseId: string | null;
    seatIndex: number | null;
  })[];
  pagination: { page: number; pageSize: number; total: number };
};

/** jsonb comes parsed from PostgreSQL; PGlite may hand it over as text. */
function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** An entry as the API answers it (AuditEntryDto). */
function auditItem(e: AuditEntry) {
  return {
    id: e.id,
    actor: e.actor,
    action: e.action,
    target: e.target,
    before: e.before ?? null,
    after: e.after ?? null,
    createdAt: e.createdAt.toISOString(),
  };
}
