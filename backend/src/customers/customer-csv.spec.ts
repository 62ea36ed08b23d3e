import { customerCsv, customerCsvFileName } from './customer-csv';

const seat = {
  seatIndex: 1,
  tier: 'ultra',
  status: 'active',
  websiteUrl: 'https://b.com',
  bindingChangesLeft: 1,
  purchasedAt: '2026-03-01T00:00:00.000Z',
  events: [
    {
      kind: 'bind' as const,
      by: 'customer' as const,
      actor: 'c@shop.test',
      at: '2026-03-01T01:00:00.000Z',
      from: null,
      to: 'https://a.com',
      ip: '198.51.100.1',
      changesLeft: 2,
      reason: null,
    },
    {
      kind: 'bind' as const,
      by: 'customer' as const,
      actor: 'c@shop.test',
      at: '2026-03-02T16:30:00.000Z',
      from: 'https://a.com',
      to: 'https://b.com',
      ip: '198.51.100.2',
      changesLeft: 1,
      reason: null,
    },
  ],
};

describe('the customer\'s data as CSV (docs/rules.md, "Seat history")', () => {
  it("writes a BOM, the admin's headers, a seat line then its events in the seller's time zone", () => {
    const csv = customerCsv('c@shop.test', [seat], 'zh-CN', 'Asia/Shanghai');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      '客户邮箱,座位,套餐,座位状态,当前域名,记录,记录代码,时间,操作方,操作人,原域名,新域名,客户端地址,剩余换绑次数,原因',
    );
    expect(lines[1]).toBe(
      'c@shop.test,1,Max,有效,https://b.com,座位,seat,2026-03-01 08:00:00,,,,,,1,',
    );
    expect(lines[2]).toBe(
      'c@shop.test,1,Max,有效,https://b.com,客户绑定,bind,2026-03-01 09:00:00,客户,c@shop.test,,https://a.com,198.51.100.1,2,',
    );
    // 16:30 UTC is the next day in Shanghai.
    expect(lines[3]).toContain(
      '2026-03-03 00:30:00,客户,c@shop.test,https://a.com,https://b.com,198.51.100.2,1,',
    );
    expect(lines).toHaveLength(5); // the last CRLF ends the file
  });

  it('speaks English to an English admin', () => {
    const csv = customerCsv('c@shop.test', [seat], 'en', 'UTC');
    expect(csv).toContain('Customer e-mail,Seat,Plan,Seat status');
    expect(csv).toContain(',Bound by the customer,bind,2026-03-01 01:00:00,Customer,');
    expect(csv).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it("names the file by the e-mail and the seller's day, with safe characters only", () => {
    expect(
      customerCsvFileName('Zhang "San"@x.test', new Date('2026-03-02T16:30:00Z'), 'Asia/Shanghai'),
    ).toBe('customer-Zhang__San_-2026-03-03.csv');
  });
});
