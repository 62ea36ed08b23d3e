import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../../lib/errors';
import { api } from '../../../lib/api/client';
import { notifyInfo, notifySuccess, notifyWarning } from '../../../lib/notify';
import { batchFailed, batchSummary, type BatchResult } from '../vip-rules';
import { VIP_EMAILS_PATH, vipEmailsQueryKey } from './get-vip-emails';

/** The server takes at most 1000 addresses a call. */
export const BATCH_LIMIT = 1000;

/** Posts the addresses, 1000 a call when there are more, and merges the answers. */
export async function batchAddVipEmails(emails: string[]): Promise<BatchResult> {
  const result: BatchResult = { added: [], skipped: [], failed: [], entries: [] };
  for (let start = 0; start < emails.length; start += BATCH_LIMIT) {
    const answer = await api.POST(`${VIP_EMAILS_PATH}/batch`, {
      body: { emails: emails.slice(start, start + BATCH_LIMIT) },
    });
    result.added.push(...answer.added);
    result.skipped.push(...answer.skipped);
    result.failed.push(...answer.failed);
    result.entries.push(...answer.entries);
  }
  return result;
}

const toastByTone = { success: notifySuccess, info: notifyInfo, warning: notifyWarning };

/**
 * Submits the parsed addresses (docs/product.md#validation, #errors): the result toast counts them, styled success, info or
 * warning; a failure toasts '添加失败' with the server's reason when it gave one.
 */
export function useBatchAddVipEmails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: batchAddVipEmails,
    meta: { silent: true },
    onSuccess: (result, emails) => {
      const { message, tone } = batchSummary(emails.length, result);
      toastByTone[tone](message);
    },
    onError: (error) => {
      const failed = batchFailed();
      const reason = describeError(error, failed);
      notifications.show({
        color: 'red',
        withBorder: true,
        ...(reason !== failed ? { title: failed, message: reason } : { message: failed }),
      });
    },
    // A long list goes in several calls: refresh even when a later one failed.
    onSettled: () => client.invalidateQueries({ queryKey: vipEmailsQueryKey }),
  });
}
