import { describe, expect, it } from 'vitest';
import { setTestLanguage } from '../../test/i18n';
import {
  addedByText,
  batchEntries,
  batchSummary,
  parseEmailBatch,
  splitEmailBatch,
  vipCountsText,
} from './vip-rules';

describe('batchEntries', () => {
  it('keeps every typed entry in order: no @ is not an address, the rest take the server answers', () => {
    const typed = splitEmailBatch('a@x.com\nhello, b@x.com;\n a@x.com ');
    expect(typed).toEqual(['a@x.com', 'hello', 'b@x.com', 'a@x.com']);
    const entries = batchEntries(typed, {
      added: ['a@x.com'],
      skipped: ['b@x.com', 'a@x.com'],
      failed: [],
      entries: [
        { input: 'a@x.com', email: 'a@x.com', outcome: 'added' },
        { input: 'b@x.com', email: 'b@x.com', outcome: 'already-listed' },
        { input: 'a@x.com', email: 'a@x.com', outcome: 'repeated' },
      ],
    });
    expect(entries.map((e) => [e.input, e.outcome, e.code])).toEqual([
      ['a@x.com', 'added', undefined],
      ['hello', 'invalid', 'VIP_EMAIL_FORMAT_INVALID'],
      ['b@x.com', 'already-listed', undefined],
      ['a@x.com', 'repeated', undefined],
    ]);
  });
});

describe('parseEmailBatch', () => {
  it('splits on newlines, commas and semicolons and trims each entry', () => {
    expect(parseEmailBatch(' a@x.com \nb@y.com,c@z.com ; d@w.com\r\ne@v.com')).toEqual([
      'a@x.com',
      'b@y.com',
      'c@z.com',
      'd@w.com',
      'e@v.com',
    ]);
  });

  it('also splits on full-width commas and semicolons', () => {
    expect(parseEmailBatch('a@x.com，b@y.com；c@z.com')).toEqual(['a@x.com', 'b@y.com', 'c@z.com']);
  });

  it('keeps only entries containing @, dropping blanks', () => {
    expect(parseEmailBatch('a@x.com\n\n  \nnot-an-email,,;@;b@')).toEqual(['a@x.com', '@', 'b@']);
  });

  it('does not split on spaces inside an entry (the server judges the format)', () => {
    expect(parseEmailBatch('first last@x.com')).toEqual(['first last@x.com']);
  });

  it('keeps order and duplicates', () => {
    expect(parseEmailBatch('b@y.com\na@x.com\nb@y.com')).toEqual(['b@y.com', 'a@x.com', 'b@y.com']);
  });

  it('gives nothing for text without addresses', () => {
    expect(parseEmailBatch('')).toEqual([]);
    expect(parseEmailBatch(' \n , ; ')).toEqual([]);
    expect(parseEmailBatch('hello\nworld')).toEqual([]);
  });
});

describe('batchSummary', () => {
  const failed = (email: string) => ({
    email,
    reason: 'Must be a valid email address',
    code: 'VIP_EMAIL_INVALID' as const,
  });

  const mixed = { added: ['a@x.com'], skipped: ['b@x.com'], failed: [failed('c@'), failed('@d')] };

  it("counts submitted, added, existing and format errors: the spec's Chinese text in zh-CN", async () => {
    await setTestLanguage('zh-CN');
    expect(batchSummary(4, mixed).message).toBe(
      '提交了 4 个邮箱，添加成功 1 个，已存在 1 个，格式错误 2 个',
    );
  });

  it('counts them in English in en', () => {
    expect(batchSummary(4, mixed).message).toBe(
      'Submitted 4 e-mails: 1 added, 1 already listed, 2 with format errors',
    );
  });

  it('is a success when any address was added', () => {
    expect(
      batchSummary(3, { added: ['a@x.com'], skipped: ['b@x.com'], failed: [failed('c@')] }).tone,
    ).toBe('success');
  });

  it('is info when every address was already listed', () => {
    expect(batchSummary(2, { added: [], skipped: ['a@x.com', 'b@x.com'], failed: [] }).tone).toBe(
      'info',
    );
  });

  it('is a warning otherwise', () => {
    expect(batchSummary(1, { added: [], skipped: [], failed: [failed('c@')] }).tone).toBe(
      'warning',
    );
    expect(batchSummary(2, { added: [], skipped: ['a@x.com'], failed: [failed('c@')] }).tone).toBe(
      'warning',
    );
    expect(batchSummary(0, { added: [], skipped: [], failed: [] }).tone).toBe('warning');
  });
});

describe('vipCountsText', () => {
  const base = { searching: false, page: 1, pageSize: 20, total: 0, totalAll: 0 };

  it("reads 'found x / y' while searching, whatever the paging", () => {
    expect(vipCountsText({ ...base, searching: true, total: 3, totalAll: 57 })).toBe(
      'found 3 / 57',
    );
    expect(vipCountsText({ ...base, searching: true, page: 2, total: 45, totalAll: 57 })).toBe(
      'found 45 / 57',
    );
    expect(vipCountsText({ ...base, searching: true, total: 0, totalAll: 57 })).toBe(
      'found 0 / 57',
    );
  });

  it("reads 'showing a-b / total' when the list has several pages", () => {
    expect(vipCountsText({ ...base, total: 57, totalAll: 57 })).toBe('showing 1-20 / 57');
    expect(vipCountsText({ ...base, page: 2, total: 57, totalAll: 57 })).toBe('showing 21-40 / 57');
    expect(vipCountsText({ ...base, page: 3, total: 57, totalAll: 57 })).toBe('showing 41-57 / 57');
    expect(vipCountsText({ ...base, page: 2, total: 21, totalAll: 21 })).toBe('showing 21-21 / 21');
  });

  it('reads the counts in Chinese in zh-CN', async () => {
    await setTestLanguage('zh-CN');
    expect(vipCountsText({ ...base, searching: true, total: 3, totalAll: 57 })).toBe('找到 3 / 57');
    expect(vipCountsText({ ...base, total: 57, totalAll: 57 })).toBe('显示 1-20 / 57');
    expect(vipCountsText({ ...base, total: 2, totalAll: 2 })).toBe('共 2 个');
  });

  it("reads 'total n' when one page holds them all", () => {
    expect(vipCountsText({ ...base, total: 20, totalAll: 20 })).toBe('total 20');
    expect(vipCountsText({ ...base, total: 1, totalAll: 1 })).toBe('total 1');
    expect(vipCountsText(base)).toBe('total 0');
  });
});

describe('addedByText', () => {
  it("names the admin by e-mail, and the server's own 'system' in the active language", async () => {
    expect(addedByText('ada@shop.example')).toBe('ada@shop.example');
    expect(addedByText('system')).toBe('system');
    expect(addedByText('')).toBe('-');
    await setTestLanguage('zh-CN');
    expect(addedByText('system')).toBe('系统');
    expect(addedByText('ada@shop.example')).toBe('ada@shop.example');
  });
});
