import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/** express-session rows, shared by every instance (see session.store.ts). */
@Entity({ tableName: 'sessions' })
export class SessionRecord {
  @PrimaryKey({ type: 'text' })
  sid!: string;

  @Property({ type: 'jsonb' })
  data!: Record<string, unknown>;

  @Index()
  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'cascade', index: true })
  user?: User | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
