import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { EmailSignInCode } from './email-code.entity';
import { EmailSignInFailure } from './email-sign-in-failure.entity';

/**
 * The one owner of `email_sign_in_codes` and `email_sign_in_failures` (docs/security.md, "E-mail sign-in").
 */
@Injectable()
export class EmailCodeRepository {
  /**
   * Serialises the requests of one client address and of one address for the rest of the caller's
   * transaction (transaction-scoped advisory locks, always taken in this order), so that two requests at
   * once cannot both pass a rate limit that allows only one more.
   */
  async lockRequests(em: EntityManager, email: string, clientAddress: string): Promise<void> {
    for (const key of [`email-code:client:${clientAddress}`, `email-code:email:${email}`]) {
      await em
        .getConnection()
        .execute(
          'select pg_advisory_xact_lock(hashtext(?))',
          [key],
          'all',
          em.getTransactionContext(),
        );
    }
  }

  /** When codes were asked for, for this address or from this client address, since `since`. */
  async sentSince(
    em: EntityManager,
    by: { email: string } | { clientAddress: string },
    since: Date,
  ): Promise<Date[]> {
    const rows = await em.find(
      EmailSignInCode,
      { ...by, createdAt: { $gt: since } },
      { fields: ['createdAt'] },
    );
    return rows.map((r) => r.createdAt);
  }

  create(
    em: EntityManager,
    row: {
      email: string;
      codeHash: string;
      clientAddress: string;
      expiresAt: Date;
      createdAt: Date;
    },
  ): EmailSignInCode {
    return em.create(EmailSignInCode, row);
  }

  /** Wrong codes the address got on a seller day (0 when none). */
  async failuresOn(em: EntityManager, email: string, day: string): Promise<number> {
    const row = await em.findOne(EmailSignInFailure, { email, day });
    return row?.failures ?? 0;
  }

  /**
   * Counts one wrong code for the address on a seller day, in the caller's transaction, and answers the
   * day's count after it (one statement: two wrong codes at once count two). Earlier days' row goes.
   */
  async countFailure(em: EntityManager, email: string, day: string): Promise<number> {
    const connection = em.getConnection();
    const ctx = em.getTransactionContext();
    await connection.execute(
      'delete from "email_sign_in_failures" where "email" = ? and "day" <> ?',
      [email, day],
      'run',
      ctx,
    );
    const [row] = await connection.execute<{ failures: number }[]>(
      `insert into "email_sign_in_failures" ("email", "day", "failures") values (?, ?, 1)
       on conflict ("email", "day") do update set "failures" = "email_sign_in_failures"."failures" + 1
       returning "failures"`,
      [email, day],
      'all',
      ctx,
    );
    return Number(row.failures);
  }

  /** The newest code sent to the address, row-locked for the caller's transaction (only it can be used). */
  newestLocked(em: EntityManager, email: string): Promise<EmailSignInCode | null> {
    return em.findOne(
      EmailSignInCode,
      { email },
      { orderBy: { createdAt: 'desc', id: 'desc' }, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
  }
}
