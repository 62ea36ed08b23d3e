import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The request counts every instance shares (docs/security.md, "Rate limits"): one row per limiter and key
 * (`plugin:203.0.113.7`, `quote-customer:<user id>` ...), its current window's end and its count. Written
 * only by rate-limit.store.ts, in batches; rows of ended windows are swept hourly.
 */
@Entity({ tableName: 'rate_limit_counters' })
export class RateLimitCounter {
  @PrimaryKey({ type: 'text' })
  key!: string;

  @Index()
  @Property({ type: 'timestamptz' })
  windowEnd!: Date;

  @Property({ type: 'integer' })
  points!: number;
}
