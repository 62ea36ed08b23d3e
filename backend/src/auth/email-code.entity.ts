import { randomUUID } from 'node:crypto';
import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A sign-in code sent to an address (docs/security.md, "E-mail sign-in"). Only its keyed hash is kept.
 * The rows are also the rate limits' memory (codes per address, per client address). Owned by
 * email-code.repository.ts.
 */
@Entity({ tableName: 'email_sign_in_codes' })
@Index({ name: 'email_sign_in_codes_email_index', properties: ['email', 'createdAt'] })
@Index({ name: 'email_sign_in_codes_client_index', properties: ['clientAddress', 'createdAt'] })
export class EmailSignInCode {
  [OptionalProps]?: 'id' | 'attempts' | 'usedAt' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Lower-case. */
  @Property({ type: 'text' })
  email!: string;

  /** HMAC-SHA256 of the code under the app secret (email-code-rules.ts). */
  @Property({ type: 'text' })
  codeHash!: string;

  /** The requesting client's address (as Express sees it, TRUST_PROXY applied). */
  @Property({ type: 'text' })
  clientAddress!: string;

  /** Wrong codes tried. */
  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  /** Set once, when the code signed someone in. */
  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
