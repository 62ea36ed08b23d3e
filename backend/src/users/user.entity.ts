import { randomUUID } from 'node:crypto';
import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { UserLanguage } from './language';
import { Timestamped } from '../database/timestamped';

/** Trigram indexes (pg_trgm) serve the admin overview's substring search by e-mail and nickname. */
@Entity({ tableName: 'users' })
@Index({
  name: 'users_email_trgm',
  expression: 'create index "users_email_trgm" on "users" using gin ("email" gin_trgm_ops)',
})
@Index({
  name: 'users_name_trgm',
  expression: 'create index "users_name_trgm" on "users" using gin ("name" gin_trgm_ops)',
})
@Index({ name: 'users_created_at_index', properties: ['createdAt', 'id'] })
export class User extends Timestamped {
  [OptionalProps]?:
    'id' | 'image' | 'emailVerified' | 'googleSub' | 'language' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  name!: string;

  /** Stored lower-case; unique. */
  @Property({ type: 'text', unique: true })
  email!: string;

  @Property({ type: 'text', nullable: true })
  image?: string | null;

  @Property({ type: 'boolean', default: false })
  emailVerified: boolean = false;

  /**
   * The identity provider's stable subject ("sub"): the key of the account. Null for an account that has not
   * signed in yet (linked once by a verified e-mail); never replaced by another subject.
   */
  @Property({ type: 'text', unique: true, nullable: true })
  googleSub?: string | null;

  /**
   * The interface language the customer chose (`zh-CN` or `en`; null: never chose, Chinese by default),
   * taken from the `lang` cookie at sign-in and from the profile's switch. E-mails are written in it
   * (docs/mail.md).
   */
  @Property({ type: 'text', nullable: true })
  language?: UserLanguage | null;
}
