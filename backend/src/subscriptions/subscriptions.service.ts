import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { License } from '../licenses/license.entity';
import { LicenseErrors, LicensesService } from '../licenses/licenses.service';
import { seatSummary, type SeatLike } from '../licenses/seat-rules';
import { User } from '../users/user.entity';
import { containsPattern, isUuid } from '../common/query';

interface UserRow {
  id: string;
  name: string;
  email: string;
  last_order_at: Date | null;
  needs_refund: number;
}

@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly licenses: LicensesService,
    private readonly audit: AuditService,
  ) {}

  /**
   * Customers with their seats (spec §3 Subscription user item), newest first, searched by e-mail,
   * nickname or bound domain. Substring search uses trigram indexes, so a page stays fast at 100k users.
   */
  async users(search: string | undefined, page: number, pageSize: number) {
    const conn = this.em.getConnection();
    const term = search?.trim().toLowerCase();
    const offset = (page - 1) * pageSize;
    let rows: UserRow[];
    let total: number;
    const lastOrder = `(select max(o.created_at) from orders o where o.user_id = u.id and o.status = 'paid') as last_order_at,
      (select count(*)::int from orders o where o.user_id = u.id and o.needs_refund) as needs_refund`;
    if (term) {
      // One pass over the trigram indexes: the matching ids, counted and paged together.
      const like = containsPattern(term);
      const found = await conn.execute<(UserRow & { total: number })[]>(
        `with matched as (
           select id from users where email ilike ? or name ilike ?
           union select user_id from licenses where website_url ilike ?
         ), page as (
           select u.id, u.name, u.email, u.created_at, count(*) over () as total
           from users u join matched m on m.id = u.id
           order by u.created_at desc, u.id limit ? offset ?
         )
         select p.id, p.name, p.email, p.total::int as total, ${lastOrder.replace(/u\.id/g, 'p.id')}
         from page p order by p.created_at desc, p.id`,
        [like, like, like, pageSize, offset],
      );
      rows = found;
      // Past the last page there are no rows to carry the count: ask for the first page's.
      total = found.length
        ? found[0].total
        : offset
          ? (await this.users(search, 1, 1)).pagination.total
          : 0;
    } else {
      [{ total }] = await conn.execute<{ total: number }[]>(
        'select count(*)::int as total from users',
      );
      rows = await conn.execute<UserRow[]>(
        `select u.id, u.name, u.email, ${lastOrder} from users u order by u.created_at desc, u.id limit ? offset ?`,
        [pageSize, offset],
      );
    }
    const seats = rows.length
      ? await this.em.find(
          License,
          { user: { $in: rows.map((r) => r.id) } },
          { orderBy: { seatIndex: 'asc' } },
        )
      : [];
    const byUser = new Map<string, License[]>();
    for (const s of seats) byUser.set(s.user.id, [...(byUser.get(s.user.id) ?? []), s]);
    return {
      items: rows.map((r) => {
        const own = byUser.get(r.id) ?? [];
        const summary = seatSummary(own as SeatLike[]);
        return {
          userId: r.id,
          name: r.name,
          email: r.email,
          tierLabel: summary.planName,
          seatsUsed: summary.bound,
          seatCount: summary.seatTotal,
          lastOrderAt: r.last_order_at ? new Date(r.last_order_at).toISOString() : null,
          ordersNeedingRefund: r.needs_refund,
          licenses: own
            .filter((l) => l.websiteUrl)
            .map((l) => ({
              id: l.id,
              seatIndex: l.seatIndex,
              websiteUrl: l.websiteUrl,
              bindingChangesLeft: l.bindingChangesLeft,
            })),
        };
      }),
      pagination: { page, pageSize, total },
    };
  }

  /**
   * An admin sets or clears a seat's domain: the customer's normalisation and one-domain-per-user rules,
   * without spending the customer's binding changes; audited in the same transaction.
   */
  async setDomain(admin: User, licenseId: string, websiteUrl: string | null) {
    return this.licenses.translateConflicts(() =>
      this.em.transactional(async (em) => {
        const found = isUuid(licenseId) ? await em.findOne(License, { id: licenseId }) : null;
        if (!found) throw new NotFoundException(LicenseErrors.notFound);
        await em.findOneOrFail(User, found.user.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
        const license = await em.findOneOrFail(License, { id: licenseId }, { refresh: true });
        const before = license.websiteUrl ?? null;
        if (websiteUrl === null || websiteUrl.trim() === '') license.websiteUrl = null;
        else await this.licenses.applyBinding(em, license, websiteUrl, { spendChange: false });
        if (before !== (license.websiteUrl ?? null)) {
          this.audit.record(em, {
            actor: admin.email,
            action: 'license.domain',
            target: `${license.id} (seat ${license.seatIndex})`,
            before: { websiteUrl: before },
            after: { websiteUrl: license.websiteUrl ?? null },
          });
        }
        await em.flush();
        return {
          license: {
            id: license.id,
            seatIndex: license.seatIndex,
            websiteUrl: license.websiteUrl ?? null,
            bindingChangesLeft: license.bindingChangesLeft,
          },
        };
      }),
    );
  }
}
