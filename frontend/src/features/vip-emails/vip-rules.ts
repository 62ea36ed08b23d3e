import type { VipBatchResult } from '../../lib/api/types';

/**
 * The VIP admin page's pure rules (docs/product.md#screens /admin/vip-emails, §5 VIP batch UI, §8 VIP admin texts).
 */

/** docs/product.md#constants: the VIP list shows 20 e-mails a page. */
export const VIP_PAGE_SIZE = 20;

/** docs/product.md#validation: nothing usable was typed in the batch box. */
export const NO_VALID_EMAILS = '请输入有效的邮箱地址';
/** docs/product.md#errors: the batch call failed. */
export const BATCH_FAILED = '添加失败';
/** docs/product.md#errors: the list could not be fetched. */
export const FETCH_VIP_EMAILS_FAILED = 'Failed to fetch VIP emails';
/** docs/product.md#screens: the footer of the page (written in Chinese, as the brief asks). */
export const VIP_FOOTER = 'VIP 用户会自动获得永久版和年付版授权';

/**
 * The batch box's text → the addresses to submit (docs/product.md#validation): split on newlines, commas and semicolons
 * (full-width ， and ； too, as Chinese keyboards type them), trimmed, and only entries containing @
 * kept. Order and duplicates stay: the server reports a repeated address as skipped.
 */
export function parseEmailBatch(text: string): string[] {
  return text
    .split(/[\r\n,;，；]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry.includes('@'));
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
  result: BatchResult,
): { message: string; tone: BatchTone } {
  const added = result.added.length;
  const existing = result.skipped.length;
  const invalid = result.failed.length;
  const message = `提交了 ${submitted} 个邮箱，添加成功 ${added} 个，已存在 ${existing} 个，格式错误 ${invalid} 个`;
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
  if (searching) return `found ${total} / ${totalAll}`;
  if (total > pageSize) {
    const first = (page - 1) * pageSize + 1;
    const last = Math.min(page * pageSize, total);
    return `showing ${first}-${last} / ${total}`;
  }
  return `total ${total}`;
}
