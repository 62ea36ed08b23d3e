import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { RolesService, type RoleSubject } from '../auth/roles.service';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { LicensesService } from '../licenses/licenses.service';
import { PLANS } from '../plans/plans.catalogue';
import { PlansService } from '../plans/plans.service';
import type { User } from '../users/user.entity';
import { lockUser } from '../users/user-lock';
import { VIP_ERRORS, VipError, VipErrorCode } from './vip-errors';
import { emailProblemCode, normalizeEmail, VipMessages, type VipBatchEntry } from './vip-rules';
import { VipEmail } from './vip-email.entity';
import { containsPattern } from '../common/query';

export interface VipStatus {
  isVip: boolean;
  isAdmin: boolean;
  addedAt: string | null;
  addedBy: string | null;
}

@Injectable()
export class VipService {
  private adminsListed?: Promise<void>;

  constructor(
    private readonly em: EntityManager,
    private readonly roles: RolesService,
    private readonly licenses: LicensesService,
    private readonly entitlements: EntitlementsService,
    private readonly plans: PlansService,
    private readonly audit: AuditService,
  ) {}

  /** Admin e-mails count as VIP and are listed (once per process; harmless on every instance). */
  private ensureAdminsListed(): Promise<void> {
    this.adminsListed ??= (async () => {
      for (const email of this.roles.adminEmails) {
        await this.em
          .getConnection()
          .execute(
            `insert into vip_emails (email, added_at, added_by) values (?, now(), 'system') on conflict (email) do nothing`,
            [email],
          );
      }
    })().catch((e) => {
      this.adminsListed = undefined;
      throw e;
    });
    return this.adminsListed;
  }

  async list(search: string | undefined, page: number, pageSize: number) {
    await this.ensureAdminsListed();
    const where = search?.trim()
      ? { email: { $ilike: containsPattern(search.trim().toLowerCase()) } }
      : {};
    const [rows, total] = await this.em.findAndCount(VipEmail, where, {
      orderBy: { addedAt: 'desc', email: 'asc' },
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    const totalAll = search?.trim() ? await this.em.count(VipEmail, {}) : total;
    return {
      vipEmails: rows.map((r) => ({
        email: r.email,
        addedAt: r.addedAt.toISOString(),
        addedBy: r.addedBy,
        isAdmin: this.roles.isAdminEmail(r.email),
      })),
      pagination: { page, pageSize, total },
      totalAll,
    };
  }

  async add(admin: User, email: string) {
    const problem = emailProblemCode(email);
    if (problem) throw new VipError(problem);
    const normalized = normalizeEmail(email);
    await this.ensureAdminsListed();
    try {
      await this.em.transactional(async (em) => {
        em.create(VipEmail, { email: normalized, addedBy: admin.email });
        this.audit.record(em, {
          actor: admin.email,
          action: 'vip.add',
          target: normalized,
          after: { email: normalized },
        });
        await em.flush();
      });
    } catch (e) {
      if (e instanceof UniqueConstraintViolationException)
        throw new VipError(VipErrorCode.VIP_EMAIL_ALREADY_LISTED);
      throw e;
    }
    return { message: VipMessages.added };
  }

  /**
   * Adds many at once: each address is added, skipped (already listed, or repeated in the batch) or
   * failed (with its reason); `entries` tells each typed entry's outcome in the order typed
   * (docs/product.md#validation), so the screen can list them all and keep the refused ones to fix.
   */
  async batch(admin: User, emails: unknown[]) {
    await this.ensureAdminsListed();
    const added: string[] = [];
    const skipped: string[] = [];
    const failed: { email: string; reason: string; code: VipErrorCode }[] = [];
    const entries: VipBatchEntry[] = [];
    const seen = new Set<string>();
    const candidates: VipBatchEntry[] = [];
    for (const raw of emails) {
      const input = typeof raw === 'string' ? raw : String(raw);
      const problem = emailProblemCode(raw);
      if (problem) {
        // The reason's text as the spec words it, and its code for the interface to translate.
        failed.push({ email: input, reason: VIP_ERRORS[problem].text, code: problem });
        entries.push({ input, email: null, outcome: 'invalid', code: problem });
        continue;
      }
      const email = normalizeEmail(raw as string);
      if (seen.has(email)) {
        skipped.push(email);
        entries.push({ input, email, outcome: 'repeated' });
      } else {
        seen.add(email);
        const entry: VipBatchEntry = { input, email, outcome: 'added' };
        entries.push(entry);
        candidates.push(entry);
      }
    }
    await this.em.transactional(async (em) => {
      for (const entry of candidates) {
        const email = entry.email!;
        const inserted = await em
          .getConnection()
          .execute<{ email: string }[]>(
            `insert into vip_emails (email, added_at, added_by) values (?, now(), ?) on conflict (email) do nothing returning email`,
            [email, admin.email],
            'all',
            em.getTransactionContext(),
          );
        if (inserted.length) added.push(email);
        else {
          skipped.push(email);
          entry.outcome = 'already-listed';
        }
      }
      this.audit.record(em, {
        actor: admin.email,
        action: 'vip.batch',
        target: `${emails.length} addresses`,
        after: { added, skipped, failed },
      });
      await em.flush();
    });
    return { added, skipped, failed, entries };
  }

  async remove(admin: User, email: string) {
    const normalized = normalizeEmail(email);
    if (this.roles.isAdminEmail(normalized))
      throw new VipError(VipErrorCode.VIP_ADMIN_EMAIL_PROTECTED);
    await this.em.transactional(async (em) => {
      const row = await em.findOne(VipEmail, { email: normalized });
      if (!row) throw new VipError(VipErrorCode.VIP_EMAIL_NOT_LISTED);
      this.audit.record(em, {
        actor: admin.email,
        action: 'vip.remove',
        target: normalized,
        before: { email: row.email, addedAt: row.addedAt.toISOString(), addedBy: row.addedBy },
      });
      em.remove(row);
      await em.flush();
    });
    return { message: VipMessages.removed };
  }

  /**
   * VIP eligibility: the user's e-mail on the list, and verified by the identity provider (anyone can claim an
   * unverified address, so it grants nothing and reveals nothing about the list).
   */
  async status(user: RoleSubject): Promise<VipStatus> {
    if (!user.emailVerified) return { isVip: false, isAdmin: false, addedAt: null, addedBy: null };
    await this.ensureAdminsListed();
    const row = await this.em.findOne(VipEmail, { email: normalizeEmail(user.email) });
    const isAdmin = this.roles.isAdmin(user);
    return {
      isVip: Boolean(row) || isAdmin,
      isAdmin,
      addedAt: row ? row.addedAt.toISOString() : null,
      addedBy: row?.addedBy ?? null,
    };
  }

  /**
   * The VIP grant (docs/product.md#states): an eligible user whose highest tier ranks below VIP gets a paid internal
   * order of amount 0 and every VIP seat; otherwise 'already' or 'skipped-higher-tier'. One transaction
   * holding the user's row lock, so concurrent calls grant once. 201 when granted, else 200 (docs/product.md#calls), also
   * for a user who is not eligible: `isVipEligible` says which.
   */
  async initialize(user: User): Promise<{ statusCode: 200 | 201; body: Record<string, unknown> }> {
    const vipStatus = await this.status(user);
    const outcome = await this.em.fork().transactional(async (em) => {
      await lockUser(em, user.id);
      // SPEC's "existing licenses" are the seats the customer holds (not revoked), whatever gave them.
      const seats = (await this.licenses.seatStatesOf(em, user.id)).filter(
        (s) => !s.revokedAt,
      ).length;
      const current = (await this.entitlements.holding(user.id, em)).tier;
      if (!vipStatus.isVip)
        return seats ? ('existing-not-eligible' as const) : ('not-eligible' as const);
      if (current && PLANS[current].upgradeRank > PLANS.vip.upgradeRank)
        return 'skipped-higher-tier' as const;
      if (current === 'vip') return 'already' as const;
      // VIP keeps its list price as credit toward an upgrade (docs/rules.md, "Entitlements").
      const { catalogue } = await this.plans.catalogue(em);
      const orderId = await this.entitlements.grantVip(em, {
        userId: user.id,
        fromTier: current,
        creditValue: catalogue.vip.priceCents,
      });
      this.audit.record(em, {
        actor: 'system',
        action: 'vip.grant',
        target: user.email,
        before: { tier: current, seats },
        after: {
          tier: 'vip',
          seats: Math.max(seats, PLANS.vip.seatCount),
          orderId,
        },
      });
      await em.flush();
      return 'granted' as const;
    });
    const messages = {
      'not-eligible': VipMessages.notEligible,
      'existing-not-eligible': VipMessages.existingNotEligible,
      'skipped-higher-tier': VipMessages.higherTier,
      already: VipMessages.already,
      granted: VipMessages.granted,
    };
    const statusCode = outcome === 'granted' ? 201 : 200;
    const message = messages[outcome];
    const { licenses } = await this.licenses.list(user);
    return {
      statusCode,
      body: {
        message,
        outcome,
        isVipEligible: vipStatus.isVip,
        licenses,
        vipStatus,
      },
    };
  }
}
