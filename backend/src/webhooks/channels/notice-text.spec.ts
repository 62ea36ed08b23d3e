import type { WebhookEnvelope } from './channel';
import { maskEmail, maskName, noticeFor, noticeText } from './notice-text';

const paid = (data: Record<string, unknown>): WebhookEnvelope => ({
  id: 'msg_1',
  type: 'order.paid',
  timestamp: '2026-11-28T08:00:00.000Z',
  data,
});

const order = {
  orderId: 'SK20261128000123',
  product: 'SEO Booster',
  tier: 'pro',
  seatCount: 1,
  amount: 169900,
  currency: 'CNY',
  customer: { id: 'u1', email: 'zhangsan@example.com', name: '张三' },
};

describe('chat notice text', () => {
  it('masks a name to its first character and an e-mail to its local part', () => {
    expect(maskName('张三丰')).toBe('张**');
    expect(maskName('Alice Smith')).toBe('A**');
    expect(maskName('😀x')).toBe('😀**');
    expect(maskEmail('bob@example.com')).toBe('b**');
    expect(maskName('  ')).toBe('');
  });

  it('says a paid order in Chinese: money from cents, plan, masked name, order number', () => {
    expect(noticeFor(paid(order), 'zh-CN')).toEqual({
      title: 'Seatkeeper · 新订单已付款',
      line: '¥1,699.00 — SEO Booster Pro — 张** — SK20261128000123',
    });
  });

  it('says it in English, names ultra Max, masks the e-mail when there is no name', () => {
    const text = noticeText(
      paid({
        ...order,
        tier: 'ultra',
        amount: 1234567,
        customer: { email: 'li.si@example.cn', name: '' },
      }),
      'en',
    );
    expect(text).toBe(
      'Seatkeeper · New order paid\n¥12,345.67 — SEO Booster Max — l** — SK20261128000123',
    );
    expect(text).not.toContain('example.cn');
    expect(text).not.toContain('li.si');
  });

  it('another currency keeps its code', () => {
    expect(noticeFor(paid({ ...order, currency: 'USD', amount: 999 }), 'en').line).toContain(
      '9.99 USD',
    );
  });

  it('renders what is present when the payload lacks facts', () => {
    expect(noticeFor(paid({ orderId: 'SK1' }), 'en').line).toBe('SK1');
    expect(noticeFor(paid({}), 'zh-CN')).toEqual({ title: 'Seatkeeper · 新订单已付款', line: '' });
    expect(noticeText(paid({}), 'zh-CN')).toBe('Seatkeeper · 新订单已付款');
  });

  it('says a refund with the seats taken back, in both languages', () => {
    const refunded: WebhookEnvelope = {
      ...paid({
        ...order,
        refundNo: 'R1',
        revokedSeats: [
          { seatIndex: 1, websiteUrl: null },
          { seatIndex: 2, websiteUrl: null },
        ],
      }),
      type: 'order.refunded',
    };
    expect(noticeText(refunded, 'zh-CN')).toBe(
      'Seatkeeper · 订单已退款\n¥1,699.00 — SEO Booster Pro — 张** — SK20261128000123 — 收回 2 个席位',
    );
    expect(noticeText(refunded, 'en')).toBe(
      'Seatkeeper · Order refunded\n¥1,699.00 — SEO Booster Pro — 张** — SK20261128000123 — 2 seats revoked',
    );
  });

  it('says a failed mail with the recipient masked and the kind named', () => {
    const failed: WebhookEnvelope = {
      id: 'msg_2',
      type: 'mail.failed',
      timestamp: '2026-11-28T08:00:00.000Z',
      data: {
        mailId: 'm1',
        kind: 'sign-in-code',
        recipient: 'wang@example.com',
        attempts: 5,
        error: '550 mailbox\n unavailable',
      },
    };
    expect(noticeText(failed, 'zh-CN')).toBe(
      'Seatkeeper · 邮件发送失败\n登录验证码 — w** — 尝试 5 次 — 550 mailbox unavailable',
    );
    expect(noticeText(failed, 'en')).toBe(
      'Seatkeeper · Mail not delivered\nsign-in code — w** — 5 attempts — 550 mailbox unavailable',
    );
  });

  it('says a failed backup with its reason, shortened', () => {
    const failed: WebhookEnvelope = {
      id: 'msg_3',
      type: 'backup.failed',
      timestamp: '2026-11-28T08:00:00.000Z',
      data: {
        backupId: 'b1',
        error: 'x'.repeat(300),
        trigger: 'scheduled',
        at: '2026-11-28T08:00:00.000Z',
      },
    };
    const line = noticeFor(failed, 'en').line;
    expect(line.startsWith('trigger: scheduled — xxx')).toBe(true);
    expect(Array.from(line.split(' — ')[1])).toHaveLength(120);
    expect(noticeFor(failed, 'zh-CN').title).toBe('Seatkeeper · 备份失败');
  });

  it('marks a test event as a test', () => {
    expect(noticeFor(paid({ ...order, test: true }), 'zh-CN').title).toBe('Seatkeeper · 测试消息');
    expect(noticeFor(paid({ ...order, test: true }), 'en').title).toBe('Seatkeeper · Test message');
  });
});
