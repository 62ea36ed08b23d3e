import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { SeatHistory } from '../../../lib/api/types';
import { LICENSES_PATH } from '../../../lib/api/licenses';
import { licensesQueryKey } from '../../../lib/api/query-keys';

export type { SeatEvent, SeatHistory } from '../../../lib/api/types';

/**
 * One seat's history (docs/rules.md, "Seat history"), read when the customer opens it (not with the
 * licence list: the console's list stays small). Under ['licenses'], so a bind refreshes it too.
 */
export const seatHistoryQueryOptions = (licenseId: string) =>
  queryOptions({
    queryKey: [...licensesQueryKey, licenseId, 'history'] as const,
    queryFn: ({ signal }): Promise<SeatHistory> =>
      api.GET(`${LICENSES_PATH}/{id}/history`, { params: { path: { id: licenseId } }, signal }),
    meta: { silent: true },
  });

export const useSeatHistory = (licenseId: string, enabled: boolean) =>
  useQuery({ ...seatHistoryQueryOptions(licenseId), enabled });
