import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * Wrong e-mail codes an address got in one seller day (docs/security.md, "E-mail sign-in": the daily
 * failure budget, EMAIL_CODE_FAILURES_PER_DAY). One row per address: a new day's first failure replaces
 * the day before. Owned by email-code.repository.ts.
 */
@Entity({ tableName: 'email_sign_in_failures' })
export class EmailSignInFailure {
  [OptionalProps]?: 'failures';

  /** Lower-case. */
  @PrimaryKey({ type: 'text' })
  email!: string;

  /** The seller's calendar day (SELLER_TIME_ZONE), YYYY-MM-DD. */
  @PrimaryKey({ type: 'text' })
  day!: string;

  @Property({ type: 'integer', default: 0 })
  failures: number = 0;
}
