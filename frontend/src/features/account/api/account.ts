import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { downloadFile } from '../../../lib/download-file';

export const accountSessionsKey = ['account', 'sessions'] as const;

/** The customer's live sessions, the last seen first, this one marked. */
export const accountSessionsQuery = () =>
  queryOptions({
    queryKey: accountSessionsKey,
    queryFn: async ({ signal }) => (await api.GET('/api/account/sessions', { signal })).sessions,
    meta: { silent: true },
  });

export const useAccountSessions = () => useQuery(accountSessionsQuery());

/** The customer's data as a JSON file, under the server's file name; answers that name. */
export const downloadMyData = () => downloadFile('/api/account/export', 'seatkeeper-account.json');
