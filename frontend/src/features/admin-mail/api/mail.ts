import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { api } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';

export type MailItem = components['schemas']['MailItemDto'];
export type MailStatus = MailItem['status'];

export const MAIL_STATUSES: MailStatus[] = ['queued', 'sending', 'sent', 'failed'];
export const MAIL_PAGE_SIZE = 20;
export const mailQueryKey = ['admin', 'mail'] as const;

export interface MailQuery {
  /** '' for every status. */
  status: MailStatus | '';
  /** Part of the recipient, '' for anyone. */
  search: string;
  page: number;
}

/** GET /api/admin/mail (docs/mail.md, "Admin"): the outbox newest first, paged on the server. */
export const mailQueryOptions = ({ status, search, page }: MailQuery) =>
  queryOptions({
    queryKey: [...mailQueryKey, { status, search, page }],
    queryFn: ({ signal }) =>
      api.GET('/api/admin/mail', {
        params: {
          query: {
            page,
            pageSize: MAIL_PAGE_SIZE,
            ...(status ? { status } : {}),
            ...(search ? { search } : {}),
          },
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: adminRequestFailed() },
  });

/** POST /api/admin/mail/:id/resend: a failed message queued again; the list reloads. */
export function useResendMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.POST('/api/admin/mail/{id}/resend', { params: { path: { id } } }),
    onSuccess: () => client.invalidateQueries({ queryKey: mailQueryKey }),
    meta: { silent: true },
  });
}
