import { randomUUID } from 'node:crypto';
import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** Who changed what, from what to what, written in the same transaction as the change. */
@Entity({ tableName: 'audit_entries' })
@Index({ properties: ['action', 'createdAt'] })
@Index({ properties: ['actor', 'createdAt'] })
// An order's audit trail in the admin's order detail.
@Index({ properties: ['target', 'createdAt'] })
export class AuditEntry {
  [OptionalProps]?: 'id' | 'createdAt' | 'before' | 'after';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** The admin's e-mail, or 'system' for automatic grants. */
  @Property({ type: 'text' })
  actor!: string;

  /** e.g. vip.add, vip.remove, vip.batch, license.domain, discount.save, discount.delete, vip.grant, quiz.* */
  @Property({ type: 'text' })
  action!: string;

  @Property({ type: 'text' })
  target!: string;

  @Property({ type: 'jsonb', nullable: true })
  before?: unknown;

  @Property({ type: 'jsonb', nullable: true })
  after?: unknown;

  @Index()
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
