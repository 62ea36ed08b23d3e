import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { api } from '../../../lib/api/client';
import type { AuditPage } from '../../../lib/api/types';

export type { AuditListEntry as AuditEntry, AuditPage } from '../../../lib/api/types';

/**
 * Every action the server records (grep `action:` in backend/src): admin changes, automatic grants and
 * the money of orders (payments, refunds, grants, price changes). Each has a label in the adminAudit
 * catalogue (`actions.<action>`), in both languages.
 */
export const AUDIT_ACTIONS = [
  'order.paid',
  'order.paid_needs_refund',
  'order.refund_requested',
  'order.refund_succeeded',
  'order.refund_failed',
  'order.cancelled',
  'order.expired',
  'order.failed',
  'order.payment_duplicate',
  'order.refund_amount_mismatch',
  'customer.grant_plan',
  'plan.update',
  'discount.save',
  'discount.delete',
  'vip.add',
  'vip.remove',
  'vip.batch',
  'vip.grant',
  'license.bind',
  'license.domain',
  'license.reset_changes',
  'license.revoke',
  'customer.sign_out',
  'customer.exported',
  'seats.expanded',
  'account.closed',
  'account.deleted',
  'account.exported',
  'user.email',
  'user.email-verified',
  'user.link',
  'user.link-refused',
  'user.unlink',
  'mail.resend',
  'quiz.create',
  'quiz.update',
  'quiz.delete',
  'docs.update',
  'release.uploaded',
  'release.current',
  'webhook.created',
  'webhook.updated',
  'webhook.secret_rotated',
  'webhook.enabled',
  'webhook.disabled',
  'webhook.test',
  'webhook.resend',
] as const;

export interface AuditQuery {
  /** '' for every action. */
  action: string;
  /** Part of the actor's e-mail, '' for anyone. */
  actor: string;
  /** A customer's e-mail, an order number or a seat id ('' for anything). */
  target?: string;
  /** Instants (ISO), '' for no bound: from inclusive, to exclusive. */
  from?: string;
  to?: string;
  page: number;
}

/** The server allows at most 50; 20 matches the other admin lists. */
export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_PATH = '/api/admin/audit';
export const auditQueryKey = ['admin', 'audit'] as const;

export async function getAuditLog(
  { action, actor, target, from, to, page }: AuditQuery,
  signal?: AbortSignal,
): Promise<AuditPage> {
  return api.GET(AUDIT_PATH, {
    params: {
      query: {
        action: action || undefined,
        actor: actor.trim() || undefined,
        target: target?.trim() || undefined,
        from: from || undefined,
        to: to || undefined,
        page,
        pageSize: AUDIT_PAGE_SIZE,
      },
    },
    signal,
  });
}

export const auditLogQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: [
      ...auditQueryKey,
      {
        action: query.action,
        actor: query.actor.trim(),
        target: query.target?.trim() ?? '',
        from: query.from ?? '',
        to: query.to ?? '',
        page: query.page,
      },
    ],
    queryFn: ({ signal }) => getAuditLog(query, signal),
    placeholderData: keepPreviousData,
    // docs/product.md#errors: admin calls show the server's text, else '请求失败' (in the active language).
    meta: { errorMessage: adminRequestFailed() },
  });
