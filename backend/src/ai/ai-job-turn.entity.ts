import { Entity, ManyToOne, Property } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/**
 * When a worker last took one of a customer's AI jobs: the claim serves the customer served least
 * recently first (ai-fairness-rules.ts). Written by the claim statement itself (AiJobsService.claim);
 * a customer without a row was never served.
 */
@Entity({ tableName: 'ai_job_turns' })
export class AiJobTurn {
  @ManyToOne(() => User, { primary: true, fieldName: 'user_id', deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'timestamptz' })
  lastServedAt!: Date;
}
