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
      items: entries.map((e) => ({
        id: e.id,
        actor: e.actor,
        action: e.action,
        target: e.target,
        before: e.before ?? null,
        after: e.after ?? null,
        createdAt: e.createdAt.toISOString(),
      })),
      pagination: { page: filter.page, pageSize: filter.pageSize, total },
    };
  }
}
