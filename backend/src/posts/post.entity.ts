import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../users/user.entity';

@Entity({ tableName: 'posts' })
export class Post {
  [OptionalProps]?: 'id' | 'publishedAt' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text', unique: true })
  slug!: string;

  /** Markdown. */
  @Property({ type: 'text' })
  body!: string;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  author?: User | null;

  @Index()
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  publishedAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
