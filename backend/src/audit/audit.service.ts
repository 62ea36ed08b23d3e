import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AuditEntry } from './audit-entry.entity';
import { containsPattern } from '../common/query';

export interface AuditRecord {
  actor: string;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
}

@Injectable()
export class AuditService {
  constructor(private readonly em: EntityManager) {}

  /** Adds an entry to the given (transactional) entity manager: it commits or rolls back with the change. */
  record(em: EntityManager, entry: AuditRecord): void {
    em.create(AuditEntry, { ...entry, before: entry.before ?? null, after: entry.after ?? null });
  }

  /** Every entry about one target (an order number, an e-mail), oldest first (at most `limit`). */
  async forTarget(target: string, limit = 200) {
    const entries = await this.em.find(
      AuditEntry,
      { target },
      { orderBy: { createdAt: 'asc', id: 'asc' }, limit },
    );
    return entries.map(auditItem);
  }

  /** The newest entries about any of these targets (a customer's e-mail, orders and seats), newest first. */
  async aboutTargets(targets: string[], limit = 50) {
    if (!targets.length) return [];
    const entries = await this.em.find(
      AuditEntry,
      { target: { $in: targets } },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit },
    );
    return entries.map(auditItem);
  }

  async list(filter: { action?: string; actor?: string; page: number; pageSize: number }) {
    const where: Record<string, unknown> = {};
    if (filter.action) where.action = filter.action;
    if (filter.actor) where.actor = { $ilike: containsPattern(filter.actor) };
    const [entries, total] = await this.em.findAndCount(AuditEntry, where, {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    return {
      items: entries.map(auditItem),
      pagination: { page: filter.page, pageSize: filter.pageSize, total },
    };
  }
}

/** An entry as the API answers it (AuditEntryDto). */
function auditItem(e: AuditEntry) {
  return {
    id: e.id,
    actor: e.actor,
    action: e.action,
    target: e.target,
    before: e.before ?? null,
    after: e.after ?? null,
    createdAt: e.createdAt.toISOString(),
  };
}
