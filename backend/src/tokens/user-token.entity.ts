import { randomUUID } from 'node:crypto';
import { Entity, OneToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/** A user's activation code: stored encrypted, found by its HMAC digest; one per user (database-enforced). */
@Entity({ tableName: 'user_tokens' })
export class UserToken {
  [OptionalProps]?: 'id' | 'lastUsedAt' | 'createdAt' | 'lastRegeneratedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @OneToOne(() => User, { owner: true, unique: true, deleteRule: 'cascade', fieldName: 'user_id' })
  user!: User;

  @Property({ type: 'text', hidden: true })
  tokenEncrypted!: string;

  @Property({ type: 'text', unique: true, hidden: true })
  tokenDigest!: string;

  @Property({ type: 'timestamptz', nullable: true })
  lastUsedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  lastRegeneratedAt?: Date | null;
}
