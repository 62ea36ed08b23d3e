import { randomUUID } from 'node:crypto';
import {
  Entity,
  Enum,
  Index,
  ManyToOne,
  OptionalProps,
  PrimaryKey,
  Property,
  Unique,
} from '@mikro-orm/core';
import { User } from '../users/user.entity';
import { Timestamped } from '../database/timestamped';

export type AiJobStatus = 'pending' | 'running' | 'completed' | 'failed' | 'timed_out';

/** A generation workflow: a durable job any instance's worker may claim (FOR UPDATE SKIP LOCKED). */
@Entity({ tableName: 'ai_jobs' })
@Index({ properties: ['status', 'createdAt'] })
// At most one running job per customer: the worker's claim skips a customer who has one, and this index is
// the last word when two workers claim at once.
@Unique({
  name: 'ai_jobs_one_running_per_user',
  expression: `create unique index "ai_jobs_one_running_per_user" on "ai_jobs" ("user_id") where "status" = 'running'`,
})
export class AiJob extends Timestamped {
  [OptionalProps]?: 'id' | 'status' | 'attempts' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Enum({ items: ['pending', 'running', 'completed', 'failed', 'timed_out'], default: 'pending' })
  status: AiJobStatus = 'pending';

  /** {user_prompt, selected_code, stream} */
  @Property({ type: 'jsonb' })
  request!: { user_prompt: string; selected_code: string; stream: boolean };

  @Property({ type: 'text' })
  baseUrl!: string;

  /** Encrypted; cleared once the job ends. */
  @Property({ type: 'text', nullable: true, hidden: true })
  apiKey?: string | null;

  @Property({ type: 'text' })
  model!: string;

  @Property({ type: 'text', nullable: true })
  result?: string | null;

  @Property({ type: 'text', nullable: true })
  error?: string | null;

  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;

  @Property({ type: 'timestamptz', nullable: true })
  lockedUntil?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  finishedAt?: Date | null;
}
