import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { seatStatus } from '@seatkeeper/domain';
import type { ServerResponse } from 'node:http';
import { AuditService } from '../audit/audit.service';
import { AuthError, AuthErrorCode } from '../auth/auth-errors';
import { AuthService } from '../auth/auth.service';
import { publicSessionId, SessionStoreService } from '../auth/session-store.service';
import { setRateLimitHeaders } from '../common/rate-limiter';
import type { AppRequest } from '../common/request';
import { customerViewOf, seatHistoryOf, seatHistoryTargets } from '../licenses/seat-history';
import { LicensesService } from '../licenses/licenses.service';
import { MailOutbox } from '../mail/mail-outbox.service';
import { OrderDto } from '../orders/dto/order.dto';
import { OrdersService } from '../orders/orders.service';
import { RateLimitsService, type SharedRateLimiter } from '../rate-limits/rate-limits.service';
import type { User } from '../users/user.entity';
import { confirmsDeletion, CREDENTIAL_MAIL_KINDS, EXPORTS_PER_HOUR } from './account-rules';
import type { AccountExportDto, AccountSessionsDto } from './dto/account.dto';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Every order of a customer is in the export (the list page shows the latest 200). */
const ALL_ORDERS = 100_000;

/**
 * The customer's own account (docs/rules.md, "The customer's account"): their sessions, a copy of their
 * data, and closing the account. Reads through each owner's service; writes only audit entries.
 */
@Injectable()
export class AccountService {
  /** Exports an hour per customer, counted by every instance together (docs/security.md). */
  private readonly exports: SharedRateLimiter;

  constructor(
    private readonly em: EntityManager,
    private readonly auth: AuthService,
    private readonly sessions: SessionStoreService,
    private readonly orders: OrdersService,
    private readonly licenses: LicensesService,
    private readonly mail: MailOutbox,
    private readonly audit: AuditService,
    rateLimits: RateLimitsService,
  ) {
    this.exports = rateLimits.limiter('account-export', EXPORTS_PER_HOUR, 3600_000);
  }

  async sessionsOf(req: AppRequest, user: User): Promise<AccountSessionsDto> {
    const current = publicSessionId(req.sessionID);
    const sessions = await this.sessions.listOf(user.id);
    return {
      sessions: sessions.map((s) => ({
        id: s.id,
        device: s.device,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        current: s.id === current,
      })),
    };
  }

  /**
   * A copy of the customer's data, audited (`account.exported`) and limited to EXPORTS_PER_HOUR an hour
   * (429 with Retry-After). No secret is in it: no API key, no activation code, no sign-in code.
   */
  async export(user: User, res?: ServerResponse): Promise<AccountExportDto> {
    const limit = await this.exports.hit(user.id);
    if (res) setRateLimitHeaders(res, limit);
    if (!limit.allowed)
      throw new AuthError(AuthErrorCode.ACCOUNT_EXPORT_RATE_LIMITED, {
        details: { retryAfter: limit.resetSeconds },
      });
    const [orders, seats, sessions, emails] = await Promise.all([
      this.orders.recentOf(user.id, ALL_ORDERS),
      this.licenses.customerSeats(user.id),
      this.sessions.listOf(user.id),
      // Only mail this account could have received: to a proven address, since the account was made.
      user.emailVerified ? this.mail.sentTo(user.email, user.createdAt) : Promise.resolve([]),
    ]);
    const history = await this.audit.aboutTargets(seats.flatMap(seatHistoryTargets), 5000);
    const orderNumbers = new Map(orders.map((o) => [o.id, o.orderId]));
    const data: AccountExportDto = {
      format: 'seatkeeper-account-export',
      version: 1,
      exportedAt: new Date().toISOString(),
      omitted:
        'API keys, the activation code (a credential: the console shows it) and the bodies of sign-in code e-mails',
      profile: {
        id: user.id,
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        image: user.image ?? null,
        language: user.language ?? null,
        googleLinked: Boolean(user.googleSub),
        createdAt: user.createdAt.toISOString(),
      },
      orders: orders
        .slice()
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map(OrderDto.from),
      seats: seats.map((s) => ({
        id: s.id,
        seatIndex: s.seatIndex,
        tier: s.purchaseTier,
        licenseType: s.licenseType,
        status: s.revokedAt ? 'revoked' : seatStatus(s),
        websiteUrl: s.websiteUrl,
        bindingChangesLeft: s.bindingChangesLeft,
        lastBindingChangeAt: iso(s.lastBindingChangeAt),
        purchasedAt: s.purchasedAt.toISOString(),
        expiresAt: iso(s.expiresAt),
        revokedAt: iso(s.revokedAt),
        orderId: (s.orderId && orderNumbers.get(s.orderId)) ?? null,
        ai: {
          baseUrl: s.aiBaseUrl,
          model: s.aiModel,
          apiKeySaved: s.aiKeySet,
          updatedAt: iso(s.aiConfigUpdatedAt),
        },
        // As the console shows it (docs/rules.md, "Seat history"): the store's changes without an admin's e-mail.
        bindingHistory: seatHistoryOf(history, s).map(customerViewOf),
      })),
      sessions: sessions.map((s) => ({
        device: s.device,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
      })),
      emails: emails.map((m) => ({
        kind: m.kind,
        recipient: m.recipient,
        language: m.language,
        subject: m.subject,
        status: m.status,
        createdAt: m.createdAt.toISOString(),
        sentAt: iso(m.sentAt),
        text: CREDENTIAL_MAIL_KINDS.has(m.kind) ? null : m.text,
      })),
    };
    const em = this.em.fork();
    this.audit.record(em, {
      actor: `user:${user.id}`,
      action: 'account.exported',
      target: user.id,
      after: {
        orders: data.orders.length,
        seats: data.seats.length,
        emails: data.emails.length,
      },
    });
    await em.flush();
    return data;
  }

  /**
   * Closes the account (docs/rules.md, "Closing an account") once the customer typed its e-mail (400
   * ACCOUNT_CONFIRMATION_MISMATCH otherwise), then signs this request out; its other sessions went with the
   * account. 409 ACCOUNT_REFUND_IN_FLIGHT while a refund is open.
   */
  async delete(req: AppRequest, user: User, confirmation: string): Promise<{ success: boolean }> {
    if (!confirmsDeletion(confirmation, user.email))
      throw new AuthError(AuthErrorCode.ACCOUNT_CONFIRMATION_MISMATCH);
    return this.auth.deleteUser(req, user, 'typed-email');
  }
}
