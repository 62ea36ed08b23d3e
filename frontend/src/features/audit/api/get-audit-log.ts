import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_REQUEST_FAILED } from '../../../lib/admin-errors';
import { api } from '../../../lib/api/client';
import type { AuditPage } from '../../../lib/api/types';

export type { AuditEntry, AuditPage } from '../../../lib/api/types';

/** The actions the server records (admin changes and automatic grants). */
export const AUDIT_ACTIONS = [
  'vip.add',
  'vip.remove',
  'vip.batch',
  'vip.grant',
  'license.domain',
  'discount.save',
  'discount.delete',
  'quiz.create',
  'quiz.update',
  'quiz.delete',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditQuery {
  /** '' for every action. */
  action: string;
  /** Part of the actor's e-mail, '' for anyone. */
  actor: string;
  page: number;
}

/** The server allows at most 50; 20 matches the other admin lists. */
export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_PATH = '/api/admin/audit';
export const auditQueryKey = ['admin', 'audit'] as const;

export async function getAuditLog(
  { action, actor, page }: AuditQuery,
  signal?: AbortSignal,
): Promise<AuditPage> {
  return api.GET(AUDIT_PATH, {
    params: { query: { action, actor: actor.trim(), page, pageSize: AUDIT_PAGE_SIZE } },
    signal,
  });
}

export const auditLogQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: [
      ...auditQueryKey,
      { action: query.action, actor: query.actor.trim(), page: query.page },
    ],
    queryFn: ({ signal }) => getAuditLog(query, signal),
    placeholderData: keepPreviousData,
    // docs/product.md#errors: admin calls show the server's text, else '请求失败'.
    meta: { errorMessage: ADMIN_REQUEST_FAILED },
  });

export const useAuditLog = (query: AuditQuery) => useQuery(auditLogQueryOptions(query));
