import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { MailOutbox } from '../mail/mail-outbox.service';
import { AccountNotLinkedError, UsersService } from '../users/users.service';
import type { UserLanguage } from '../users/language';
import type { User } from '../users/user.entity';
import { AuthError, AuthErrorCode } from './auth-errors';
import {
  codeHash,
  codeMatches,
  codeState,
  EMAIL_CODE,
  failureDay,
  newCode,
  retryAfterSeconds,
  withinDailyBudget,
} from './email-code-rules';
import { EmailCodeRepository } from './email-code.repository';

type Verdict = { ok: true } | { ok: false; code: AuthErrorCode; details?: Record<string, unknown> };

/**
 * Sign-in by a code e-mailed to the address (docs/security.md, "E-mail sign-in"), on with EMAIL_SIGN_IN.
 * Asking writes the code's hash and its message in one transaction (the outbox sends it); checking takes
 * the newest code's row lock, so one code signs in once however many requests present it at once.
 */
@Injectable()
export class EmailSignInService {
  private readonly logger = new Logger('EmailSignIn');

  constructor(
    private readonly em: EntityManager,
    private readonly codes: EmailCodeRepository,
    private readonly mail: MailOutbox,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Admin addresses sign in with Google only, unless ADMIN_EMAIL_SIGN_IN=true (docs/security.md, "E-mail
   * sign-in"): a mailbox is a weaker key than the admin's Google account.
   */
  private assertNotAdmin(email: string) {
    if (this.config.adminEmails.includes(email) && !this.config.security.adminEmailSignIn)
      throw new AuthError(AuthErrorCode.EMAIL_SIGN_IN_ADMIN_REFUSED);
  }

  /** The address's day is over its failure budget: locked until the next seller day (429, retryAfter). */
  private dailyLocked(secondsLeft: number): Verdict {
    return {
      ok: false,
      code: AuthErrorCode.EMAIL_CODE_DAILY_LOCKED,
      details: { retryAfter: secondsLeft },
    };
  }

  /**
   * Sends a new code, unless the address had 3 in 15 minutes or the client address 20 in an hour (429
   * with the seconds to wait), or its day's failure budget is spent (429 until the next day). The answer
   * is the same whether or not an account has this address. Admin addresses are refused (403).
   */
  async request(
    address: string,
    clientAddress: string,
    language: UserLanguage | undefined,
  ): Promise<{ expiresInSeconds: number }> {
    const email = address.trim().toLowerCase();
    this.assertNotAdmin(email);
    const today = failureDay(new Date(), this.config.sellerTimeZone);
    const spent = await this.codes.failuresOn(this.em.fork(), email, today.day);
    if (!withinDailyBudget(spent, this.config.security.emailCodeFailuresPerDay))
      throw new AuthError(AuthErrorCode.EMAIL_CODE_DAILY_LOCKED, {
        details: { retryAfter: today.secondsLeft },
      });
    const account = await this.users.findByEmail(email);
    const wait = await this.em.fork().transactional(async (em) => {
      await this.codes.lockRequests(em, email, clientAddress);
      const now = new Date();
      const since = (seconds: number) => new Date(now.getTime() - seconds * 1000);
      const { perAddress, perClient } = EMAIL_CODE;
      const waits = [
        retryAfterSeconds(
          await this.codes.sentSince(em, { email }, since(perAddress.windowSeconds)),
          perAddress,
          now,
        ),
        retryAfterSeconds(
          await this.codes.sentSince(em, { clientAddress }, since(perClient.windowSeconds)),
          perClient,
          now,
        ),
      ].filter((w): w is number => w !== null);
      if (waits.length) return Math.max(...waits);
      const code = newCode();
      const row = this.codes.create(em, {
        email,
        codeHash: codeHash(this.config.secret, email, code),
        clientAddress,
        createdAt: now,
        expiresAt: new Date(now.getTime() + EMAIL_CODE.ttlSeconds * 1000),
      });
      await em.flush();
      await this.mail.signInCode(em, { email, language: account?.language ?? language }, row.id, {
        code,
        minutes: EMAIL_CODE.ttlSeconds / 60,
      });
      return null;
    });
    if (wait !== null)
      throw new AuthError(AuthErrorCode.EMAIL_CODE_RATE_LIMITED, {
        details: { retryAfter: wait },
      });
    return { expiresInSeconds: EMAIL_CODE.ttlSeconds };
  }

  /**
   * The account the code proves (new, or existing by the linking rules of UsersService.signInByEmail).
   * Only the newest code of the address counts; a wrong one counts an attempt (kept even though the
   * answer is an error), the fifth locks it; a right one is used up before the account is looked at.
   * Each wrong code also counts against the address's daily budget (EMAIL_CODE_FAILURES_PER_DAY, the
   * seller's day): the one that spends it locks the address until the next day, even for the right code,
   * and writes its owner one e-mail saying so.
   */
  async verify(address: string, code: string): Promise<User> {
    const email = address.trim().toLowerCase();
    await this.checkCode(email, code);
    try {
      return await this.users.signInByEmail(email);
    } catch (e) {
      if (e instanceof AccountNotLinkedError) {
        this.logger.warn(`e-mail code accepted for ${email}, but the account refuses it`);
        throw new AuthError(AuthErrorCode.EMAIL_ACCOUNT_NOT_LINKED);
      }
      throw e;
    }
  }

  /**
   * Proves the address with its newest code, by the rules and limits above, and uses the code up; signs
   * nobody in (verify does; the WeChat e-mail step links instead, wechat-sign-in.service.ts).
   */
  async checkCode(address: string, code: string): Promise<void> {
    const email = address.trim().toLowerCase();
    this.assertNotAdmin(email);
    const perDay = this.config.security.emailCodeFailuresPerDay;
    // Read before the transaction (PGlite has one connection): the lock notice's language.
    const account = await this.users.findByEmail(email);
    const verdict = await this.em.fork().transactional(async (em): Promise<Verdict> => {
      const row = await this.codes.newestLocked(em, email);
      const now = new Date();
      const today = failureDay(now, this.config.sellerTimeZone);
      if (!withinDailyBudget(await this.codes.failuresOn(em, email, today.day), perDay))
        return this.dailyLocked(today.secondsLeft);
      const state = codeState(row, now);
      if (state === 'locked') return { ok: false, code: AuthErrorCode.EMAIL_CODE_LOCKED };
      if (!row || state !== 'usable') return { ok: false, code: AuthErrorCode.EMAIL_CODE_EXPIRED };
      if (!codeMatches(this.config.secret, email, code, row.codeHash)) {
        row.attempts += 1;
        await em.flush();
        const failures = await this.codes.countFailure(em, email, today.day);
        if (!withinDailyBudget(failures, perDay)) {
          if (failures === perDay) {
            this.logger.warn(`e-mail code sign-in locked for ${email} until the next day`);
            await this.mail.signInLocked(em, { email, language: account?.language }, today.day, {
              failures,
            });
          }
          return this.dailyLocked(today.secondsLeft);
        }
        const attemptsLeft = EMAIL_CODE.maxAttempts - row.attempts;
        return attemptsLeft > 0
          ? { ok: false, code: AuthErrorCode.EMAIL_CODE_INVALID, details: { attemptsLeft } }
          : { ok: false, code: AuthErrorCode.EMAIL_CODE_LOCKED };
      }
      row.usedAt = now;
      await em.flush();
      return { ok: true };
    });
    if (!verdict.ok) throw new AuthError(verdict.code, { details: verdict.details });
  }
}
