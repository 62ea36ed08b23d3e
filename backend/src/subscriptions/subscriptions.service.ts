import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { seatStatus, seatSummary } from '@seatkeeper/domain';
import { LicensesService } from '../licenses/licenses.service';
import type { User } from '../users/user.entity';
import { containsPattern } from '../common/query';

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
  ) {}

  /**
   * Customers with their seats (docs/product.md#data Subscription user item), newest first, searched by e-mail,
   * nickname or bound domain. Substring search uses trigram indexes, so a page stays fast at 100k users.
   */
  async users(search: string | undefined, page: number, pageSize: number) {
    const conn = this.em.getConnection();
    const term = search?.trim().toLowerCase();
    const offset = (page - 1) * pageSize;
    let rows: UserRow[];
    let total: number;
    const lastOrder = `(select max(o.created_at) from orders o where o.user_id = u.id and o.status = 'paid') as last_order_at,
      (select count(*)::int from orders o where o.user_id = u.id and o.needs_refund and o.status = 'paid') as needs_refund`;
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
    const seats = await this.licenses.overviewSeats(rows.map((r) => r.id));
    const byUser = new Map<string, typeof seats>();
    for (const s of seats) byUser.set(s.userId, [...(byUser.get(s.userId) ?? []), s]);
    return {
      items: rows.map((r) => {
        const own = byUser.get(r.id) ?? [];
        // A revoked seat counts for nothing: not for the tier, nor the seats (docs/rules.md, "Entitlements").
        const summary = seatSummary(own.filter((l) => !l.revokedAt));
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
              status: l.revokedAt ? ('revoked' as const) : seatStatus(l),
            })),
        };
      }),
      pagination: { page, pageSize, total },
    };
  }

  /** An admin sets or clears a seat's domain (the rules and the audit, with `ip`, live with the licences). */
  setDomain(admin: User, licenseId: string, websiteUrl: string | null, ip: string | null = null) {
    return this.licenses.setDomainByAdmin(admin, licenseId, websiteUrl, ip);
  }
}
