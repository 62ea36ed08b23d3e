import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { awaitingEmail, isAwaitingEmail } from './awaiting-email';
import type { UserLanguage } from './language';
import { PLACEHOLDER_NAME, placeholderEmail } from './placeholder-account';
import { User } from './user.entity';
import { lockUser } from './user-lock';
import { WebhookEvents } from '../webhooks/webhook-events.service';

/**
 * A module that keeps records of an account when it closes (docs/rules.md, "Closing an account"): called
 * in the closing's transaction, under the account's row lock, before the account is deleted. It may refuse
 * (throw), or move its records to the placeholder account (`placeholder()` makes it, once).
 */
export type AccountCloser = (
  em: EntityManager,
  userId: string,
  placeholder: () => Promise<string>,
) => Promise<void>;

export interface IdentityProfile {
  sub: string;
  email: string;
  name: string;
  image: string | null;
  emailVerified: boolean;
}

/**
 * The provider's answer cannot be tied to an account: its e-mail belongs to an account with another subject,
 * or to an account without one while the provider has not verified the e-mail, or to no account while the
 * provider has not verified it (`unverified-new`: an unproven address never makes an account, or whoever
 * typed it first would lock its owner out; docs/security.md). Nothing was created or changed.
 */
export class AccountNotLinkedError extends Error {
  constructor(readonly reason: 'other-subject' | 'unverified-email' | 'unverified-new') {
    super(
      reason === 'other-subject'
        ? 'the e-mail belongs to an account of another identity'
        : reason === 'unverified-email'
          ? 'an unverified e-mail cannot claim an existing account'
          : 'an unverified e-mail cannot make an account',
    );
  }
}

type Outcome<Refusal = AccountNotLinkedError['reason']> = { user: User } | { refused: Refusal };

/**
 * Linking Google to a signed-in account was refused (docs/sign-in.md, "Ways in"): that Google account
 * belongs to another of our accounts (no merge), or this account already has another Google account.
 */
export class GoogleLinkRefusedError extends Error {
  constructor(readonly reason: 'linked-elsewhere' | 'has-another') {
    super(
      reason === 'linked-elsewhere'
        ? 'this Google account belongs to another account'
        : 'this account already has another Google account',
    );
  }
}

@Injectable()
export class UsersService {
  private readonly logger = new Logger('Identity');

  private readonly closers: AccountCloser[] = [];

  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditService,
    private readonly webhooks: WebhookEvents,
  ) {}

  /** Registers a module's part in closing an account (the orders module keeps the orders). */
  onClose(closer: AccountCloser): void {
    this.closers.push(closer);
  }

  findById(id: string): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  /** The account of an address (stored lower-case). */
  findByEmail(email: string): Promise<User | null> {
    return this.em.fork().findOne(User, { email: email.trim().toLowerCase() });
  }

  /**
   * The account behind an identity-provider profile, keyed on the provider's subject (`sub`), as Google asks
   * (an e-mail address can move between Google accounts; the subject never does):
   * - a known subject: that account, its profile refreshed (a changed e-mail is taken only when verified and
   *   free);
   * - an unknown subject whose e-mail (any case) belongs to an account without a subject: linked, once, only
   *   when the provider says the e-mail is verified (logged and audited);
   * - an unknown subject whose e-mail belongs to an account with another subject: refused (audited), never
   *   handed over and never overwritten: whoever holds that other Google account is not our customer;
   * - an unknown subject whose e-mail the provider has not verified and no account holds: refused, nothing
   *   made (the address is not proven: an account made from it would keep the real owner out);
   * - otherwise a new account.
   * Two first sign-ins racing each other end with one row (retried on the unique constraint).
   * @throws AccountNotLinkedError
   */
  async signInFromProfile(profile: IdentityProfile): Promise<User> {
    const email = profile.email.trim().toLowerCase();
    const name = profile.name.trim() || email.split('@')[0];
    for (let attempt = 0; ; attempt++) {
      try {
        const outcome = await this.em.fork().transactional(async (em): Promise<Outcome> => {
          const known = await em.findOne(User, { googleSub: profile.sub });
          if (known) {
            em.assign(known, { name, image: profile.image });
            if (known.email === email) known.emailVerified = profile.emailVerified;
            else if (profile.emailVerified && !(await em.findOne(User, { email }))) {
              this.logger.log(
                `account ${known.id}: e-mail changed at the provider from ${known.email} to ${email}`,
              );
              this.audit.record(em, {
                actor: 'system',
                action: 'user.email',
                target: email,
                before: { email: known.email },
                after: { email },
              });
              em.assign(known, { email, emailVerified: true });
            }
            return { user: known };
          }
          const holder = await em.findOne(User, { email });
          if (holder) {
            const refused = holder.googleSub
              ? 'other-subject'
              : profile.emailVerified
                ? null
                : 'unverified-email';
            const before = { userId: holder.id, googleSub: holder.googleSub ?? null };
            if (refused) {
              this.audit.record(em, {
                actor: 'system',
                action: 'user.link-refused',
                target: email,
                before,
                after: { googleSub: profile.sub, emailVerified: profile.emailVerified },
              });
              return { refused };
            }
            em.assign(holder, {
              googleSub: profile.sub,
              emailVerified: true,
              image: holder.image ?? profile.image,
            });
            this.audit.record(em, {
              actor: 'system',
              action: 'user.link',
              target: email,
              before,
              after: { googleSub: profile.sub },
            });
            this.logger.log(
              `account ${holder.id} (${email}) linked to the provider subject ${profile.sub} by its verified e-mail`,
            );
            return { user: holder };
          }
          if (!profile.emailVerified) return { refused: 'unverified-new' };
          const created = em.create(User, {
            googleSub: profile.sub,
            email,
            name,
            image: profile.image,
            emailVerified: true,
          });
          await this.webhooks.customerCreated(em, created); // customer.created, once this commits
          return { user: created };
        });
        if ('user' in outcome) return outcome.user;
        this.logger.warn(
          `sign-in refused for ${email} (provider subject ${profile.sub}): ${outcome.refused}`,
        );
        throw new AccountNotLinkedError(outcome.refused);
      } catch (e) {
        if (!(e instanceof UniqueConstraintViolationException) || attempt >= 2) throw e;
      }
    }
  }

  /**
   * The account of an address just proved by a sign-in code (docs/security.md, "E-mail sign-in"), by the
   * linking rules above: the code proves the address, as a provider's `email_verified: true` does.
   * - an account with this e-mail (any case): that account, its e-mail now verified; its provider subject,
   *   if any, is kept (the code never links nor unlinks one);
   * - except an account of a provider subject whose e-mail the provider did not verify: whoever holds that
   *   identity never proved the address, so the mailbox's owner is not let in (refused, audited);
   * - otherwise a new account without a subject (a later Google sign-in with this verified e-mail links it).
   * Two first sign-ins racing each other end with one row (retried on the unique constraint).
   * @throws AccountNotLinkedError
   */
  async signInByEmail(address: string): Promise<User> {
    const email = address.trim().toLowerCase();
    for (let attempt = 0; ; attempt++) {
      try {
        const outcome = await this.em.fork().transactional(async (em): Promise<Outcome> => {
          const holder = await em.findOne(User, { email });
          if (!holder) {
            const created = em.create(User, {
              email,
              name: email.split('@')[0],
              emailVerified: true,
            });
            await this.webhooks.customerCreated(em, created); // customer.created, once this commits
            return { user: created };
          }
          if (holder.googleSub && !holder.emailVerified) {
            this.audit.record(em, {
              actor: 'system',
              action: 'user.link-refused',
              target: email,
              before: { userId: holder.id, googleSub: holder.googleSub },
              after: { emailCode: true },
            });
            return { refused: 'unverified-email' };
          }
          if (!holder.emailVerified) {
            holder.emailVerified = true;
            this.audit.record(em, {
              actor: 'system',
              action: 'user.email-verified',
              target: email,
              before: { userId: holder.id, emailVerified: false },
              after: { emailVerified: true, by: 'email-code' },
            });
          }
          return { user: holder };
        });
        if ('user' in outcome) return outcome.user;
        this.logger.warn(`e-mail code sign-in refused for ${email}: ${outcome.refused}`);
        throw new AccountNotLinkedError(outcome.refused);
      } catch (e) {
        if (!(e instanceof UniqueConstraintViolationException) || attempt >= 2) throw e;
      }
    }
  }

  /**
   * A new account for an identity that gives no e-mail address (WeChat, docs/sign-in.md), made in the
   * caller's transaction: a reserved address (users/awaiting-email.ts) until the customer proves one.
   * customer.created is sent when the address is proven (claimEmail), not before.
   */
  createAwaitingEmail(em: EntityManager, profile: { name: string; image: string | null }): User {
    const id = randomUUID();
    return em.create(User, {
      id,
      email: awaitingEmail(id),
      name: profile.name,
      image: profile.image,
      emailVerified: false,
    });
  }

  /**
   * The address a code just proved becomes the account's, when the account still awaits one and no other
   * account holds the address (the caller checked; a race ends on the unique constraint). Audited.
   */
  async claimEmail(user: User, address: string): Promise<User> {
    const email = address.trim().toLowerCase();
    return this.em.fork().transactional(async (em) => {
      const row = await em.findOneOrFail(User, user.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (isAwaitingEmail(row)) await this.takeProvenEmail(em, row, email, 'email-code');
      return row;
    });
  }

  /**
   * An account awaiting an address takes one just proved (by a code, or by Google's verified e-mail), in the
   * caller's transaction: audited, and customer.created is sent once this commits.
   */
  private async takeProvenEmail(
    em: EntityManager,
    row: User,
    email: string,
    by: 'email-code' | 'google',
  ): Promise<void> {
    this.audit.record(em, {
      actor: `user:${row.id}`,
      action: 'user.email-verified',
      target: email,
      before: { userId: row.id, emailVerified: false },
      after: { emailVerified: true, by },
    });
    em.assign(row, { email, emailVerified: true });
    await this.webhooks.customerCreated(em, row);
  }

  /**
   * Links a Google identity to the signed-in account (the profile's "ways in", docs/sign-in.md): refused when
   * another account holds that subject or this one holds another (no merge, no takeover), audited either
   * way. An account made by WeChat that still awaits an address takes Google's when Google has verified it
   * and no account holds it (Google proved it, as a code would); otherwise the account's address stays.
   * @throws GoogleLinkRefusedError
   */
  async linkGoogle(userId: string, profile: IdentityProfile): Promise<User> {
    const email = profile.email.trim().toLowerCase();
    const actor = `user:${userId}`;
    for (let attempt = 0; ; attempt++) {
      try {
        const outcome = await this.em
          .fork()
          .transactional(async (em): Promise<Outcome<GoogleLinkRefusedError['reason']>> => {
            const row = await em.findOneOrFail(User, userId, {
              lockMode: LockMode.PESSIMISTIC_WRITE,
            });
            if (row.googleSub === profile.sub) return { user: row };
            const holder = await em.findOne(User, { googleSub: profile.sub });
            if (holder || row.googleSub) {
              const reason = holder ? 'linked-elsewhere' : 'has-another';
              this.audit.record(em, {
                actor,
                action: 'user.link-refused',
                target: row.email,
                before: { userId: holder?.id ?? row.id },
                after: { way: 'google', reason },
              });
              return { refused: reason };
            }
            const before = { userId: row.id, googleSub: null };
            row.googleSub = profile.sub;
            if (
              isAwaitingEmail(row) &&
              profile.emailVerified &&
              !(await em.findOne(User, { email }))
            ) {
              await this.takeProvenEmail(em, row, email, 'google');
            }
            this.audit.record(em, {
              actor,
              action: 'user.link',
              target: row.email,
              before,
              after: { way: 'google', googleSub: profile.sub },
            });
            return { user: row };
          });
        if ('user' in outcome) return outcome.user;
        throw new GoogleLinkRefusedError(outcome.refused);
      } catch (e) {
        // Another account took this subject or this address at the same moment: the next try sees it.
        if (!(e instanceof UniqueConstraintViolationException) || attempt >= 2) throw e;
      }
    }
  }

  /** Takes the Google identity off the account (the profile's "ways in"; the caller checked another remains). */
  async unlinkGoogle(em: EntityManager, user: User, actor: string): Promise<void> {
    const row = await em.findOneOrFail(User, user.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!row.googleSub) return;
    this.audit.record(em, {
      actor,
      action: 'user.unlink',
      target: row.email,
      before: { userId: row.id, googleSub: row.googleSub },
      after: { googleSub: null, way: 'google' },
    });
    row.googleSub = null;
  }

  /** The language the customer uses now (at sign-in: users/language.ts requestUserLanguage); nothing when it is unknown. */
  async rememberLanguage(user: User, language: UserLanguage | undefined): Promise<void> {
    if (!language || user.language === language) return;
    await this.em.nativeUpdate(User, { id: user.id }, { language });
    user.language = language;
  }

  async update(
    user: User,
    changes: { name?: string; image?: string | null; language?: UserLanguage },
  ): Promise<User> {
    this.em.assign(user, changes);
    await this.em.flush();
    return user;
  }

  /**
   * Closes an account (docs/rules.md, "Closing an account"), in one transaction under its row lock: each
   * registered closer keeps or refuses (the orders are moved to a placeholder account without personal
   * data, which keeps the account's sign-up date), then the account is deleted with what is only its own
   * (sessions, activation code, seats, AI jobs: foreign keys on delete cascade). Audited with the customer
   * as the actor (`account.deleted`; `confirmation`: how they confirmed it, e.g. the typed e-mail).
   */
  async delete(user: User, confirmation: 'typed-email' | 'none' = 'none'): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      await lockUser(em, user.id);
      let placeholderId: string | null = null;
      const placeholder = async () => {
        if (!placeholderId) {
          const id = randomUUID();
          em.create(User, {
            id,
            name: PLACEHOLDER_NAME,
            email: placeholderEmail(id),
            emailVerified: false,
            createdAt: user.createdAt,
          });
          await em.flush();
          placeholderId = id;
        }
        return placeholderId;
      };
      for (const closer of this.closers) await closer(em, user.id, placeholder);
      this.audit.record(em, {
        actor: `user:${user.id}`,
        action: 'account.deleted',
        target: user.id,
        before: { userId: user.id, createdAt: user.createdAt.toISOString() },
        after: { confirmation, ordersKeptUnder: placeholderId },
      });
      await em.flush();
      await em.nativeDelete(User, { id: user.id });
    });
  }
}
