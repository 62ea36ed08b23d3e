import type { VipBatchResult } from '../../lib/api/types';
import { i18n } from '../../lib/i18n';

/**
 * The VIP admin page's pure rules (docs/product.md#screens /admin/vip-emails, §5 VIP batch UI, §8 VIP admin texts).
 */

/** docs/product.md#constants: the VIP list shows 20 e-mails a page. */
export const VIP_PAGE_SIZE = 20;

/*
 * The texts are the adminVip catalogue's, in the active language, read at call time
 * (docs/architecture.md#language); the spec's wording is kept in the language it is written in.
 */

/** docs/product.md#validation: nothing usable was typed in the batch box ('请输入有效的邮箱地址'). */
export const noValidEmails = () => i18n.t('adminVip:batch.noValidEmails');
/** docs/product.md#errors: the batch call failed ('添加失败'). */
export const batchFailed = () => i18n.t('adminVip:batch.failed');
/** docs/product.md#errors: the list could not be fetched ('Failed to fetch VIP emails'). */
export const fetchVipEmailsFailed = () => i18n.t('adminVip:list.fetchFailed');

/**
 * Who added an address: an admin's e-mail, or, for the admins' own addresses the server lists itself
 * (added by `system`, vip.service.ts), the system in words; '-' when unknown.
 */
export const addedByText = (addedBy: string | null | undefined): string =>
  addedBy === 'system' ? i18n.t('adminVip:list.system') : addedBy || '-';

/**
 * The batch box's text → its entries: split on newlines, commas and semicolons (full-width ， and ；
 * too, as Chinese keyboards type them), trimmed, blanks dropped. Order and duplicates stay.
 */
export function splitEmailBatch(text: string): string[] {
  return text
    .split(/[\r\n,;，；]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/**
 * The batch box's text → the addresses to submit (docs/product.md#validation): the entries containing
 * @ (the others are listed as not addresses, see batchEntries). Order and duplicates stay: the server
 * reports a repeated address as such.
 */
export function parseEmailBatch(text: string): string[] {
  return splitEmailBatch(text).filter((entry) => entry.includes('@'));
}

/** One typed entry and what became of it (the server's `entries`, or not sent: no @). */
export type BatchEntry = VipBatchResult['entries'][number];
export type BatchOutcome = BatchEntry['outcome'];

/**
 * Every typed entry with its outcome, in the order typed (docs/product.md#validation): the ones
 * without @ were not sent and are not addresses ('Invalid email format', as the server says it);
 * the others take the server's answers in turn.
 */
export function batchEntries(typed: readonly string[], result: BatchResult): BatchEntry[] {
  let next = 0;
  return typed.map((input) =>
    input.includes('@')
      ? (result.entries[next++] ?? {
          input,
          email: null,
          outcome: 'invalid',
          code: 'VIP_EMAIL_INVALID',
        })
      : { input, email: null, outcome: 'invalid', code: 'VIP_EMAIL_FORMAT_INVALID' },
  );
}

/** What the server reports of a batch (added, already listed, refused with a reason). */
export type BatchResult = VipBatchResult;

export type BatchTone = 'success' | 'info' | 'warning';

/**
 * The result toast (docs/product.md#errors): its text, and its style: success if any address was added, info if all
 * were already listed, otherwise (only format errors, or existing and format errors) warning.
 */
export function batchSummary(
  submitted: number,
  result: Pick<BatchResult, 'added' | 'skipped' | 'failed'>,
): { message: string; tone: BatchTone } {
  const added = result.added.length;
  const existing = result.skipped.length;
  const invalid = result.failed.length;
  const message = i18n.t('adminVip:batch.summary', { submitted, added, existing, invalid });
  const tone: BatchTone =
    added > 0 ? 'success' : existing > 0 && invalid === 0 ? 'info' : 'warning';
  return { message, tone };
}

export interface CountsInput {
  /** Whether a search term is active. */
  searching: boolean;
  page: number;
  pageSize: number;
  /** Matches of the current search (or all entries without one). */
  total: number;
  /** Every entry on the list, whatever the search. */
  totalAll: number;
}

/**
 * The counts line above the list (docs/product.md#screens): 'found x / y' while searching, 'showing a-b / total' when
 * the list spans several pages, otherwise 'total n'.
 */
export function vipCountsText({ searching, page, pageSize, total, totalAll }: CountsInput): string {
  if (searching) return i18n.t('adminVip:list.found', { total, totalAll });
  if (total > pageSize) {
    const first = (page - 1) * pageSize + 1;
    const last = Math.min(page * pageSize, total);
    return i18n.t('adminVip:list.showing', { first, last, total });
  }
  return i18n.t('adminVip:list.total', { total });
}
