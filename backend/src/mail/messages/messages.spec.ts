import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dateTime, money, type MailContext } from './layout';
import { renderPlanGranted, renderRefund, renderSeatRevoked } from './notices';
import { renderReceipt, type ReceiptMailData } from './receipt';
import { renderSignInCode } from './sign-in-code';

const ctx = (language: 'zh-CN' | 'en'): MailContext => ({
  language,
  brand: 'Seat <b>Shop</b> & Co',
  origin: 'https://shop.example',
  docs: 'https://shop.example/docs',
  timeZone: 'Asia/Shanghai',
});

const order: ReceiptMailData = {
  orderId: 'SK20261128120000123456',
  productName: 'Pro 套餐 <script>alert(1)</script>',
  tier: 'pro',
  upgradedFromTier: 'basic',
  seatCount: 8,
  listPrice: 169900,
  discountCode: 'SPRING"<10>',
  discountAmount: 10000,
  amount: 90000,
  currency: 'CNY',
  paymentMethod: 'wechat',
  paidAt: new Date('2026-11-28T04:05:00Z'),
  buyerName: 'Ann <img src=x onerror=alert(1)>',
};

/** Every message in both languages (the samples tmp/mail-samples/ holds after a run, to look at). */
const ALL = (['zh-CN', 'en'] as const).flatMap((language) => [
  [`receipt.${language}`, renderReceipt(ctx(language), order)] as const,
  [
    `refund.${language}`,
    renderRefund(ctx(language), {
      orderId: order.orderId,
      amount: order.amount,
      currency: 'CNY',
      refundedAt: new Date('2026-11-29T01:00:00Z'),
      buyerName: order.buyerName,
      revokedSeats: [{ seatIndex: 4, websiteUrl: 'shop<x>.example' }],
      restoredTier: 'basic',
    }),
  ] as const,
  [
    `seat-revoked.${language}`,
    renderSeatRevoked(ctx(language), {
      buyerName: order.buyerName,
      seats: [
        { seatIndex: 3, websiteUrl: 'blog.example.com' },
        { seatIndex: 4, websiteUrl: null },
      ],
      reason: 'refund <R1>',
    }),
  ] as const,
  [
    `plan-granted.${language}`,
    renderPlanGranted(ctx(language), {
      buyerName: '',
      tier: 'vip',
      seatCount: 5,
      grantedBy: 'system',
    }),
  ] as const,
  [
    `sign-in-code.${language}`,
    renderSignInCode(ctx(language), { code: '042917', minutes: 10 }),
  ] as const,
]);

describe('mail messages', () => {
  afterAll(() => {
    const dir = join(__dirname, '../../../../tmp/mail-samples');
    mkdirSync(dir, { recursive: true });
    for (const [name, m] of ALL) {
      writeFileSync(join(dir, `${name}.html`), m.html);
      writeFileSync(join(dir, `${name}.txt`), `Subject: ${m.subject}\n\n${m.text}`);
    }
  });

  it('formats money and time as the customers read them', () => {
    expect(money(169900, 'CNY')).toBe('¥1,699.00');
    expect(money(-10000, 'CNY')).toBe('-¥100.00');
    expect(money(5, 'USD')).toBe('0.05 USD');
    expect(dateTime(ctx('zh-CN'), new Date('2026-11-28T16:05:00Z'))).toBe(
      '2026-11-29 00:05 (UTC+8)',
    );
  });

  it('writes times on the seller’s clock (SELLER_TIME_ZONE), not always China’s', () => {
    const at = new Date('2026-11-28T16:05:00Z');
    expect(dateTime({ timeZone: 'Europe/Berlin' }, at)).toBe('2026-11-28 17:05 (UTC+1)');
    expect(dateTime({ timeZone: 'America/St_Johns' }, at)).toBe('2026-11-28 12:35 (UTC-3:30)');
  });

  it('the receipt: the breakdown, the receipt page, the next steps with the console and the docs', () => {
    const zh = renderReceipt(ctx('zh-CN'), order);
    expect(zh.subject).toBe('【Seat <b>Shop</b> & Co】支付成功：订单 SK20261128120000123456');
    for (const body of [zh.html, zh.text]) {
      expect(body).toContain('https://shop.example/orders/SK20261128120000123456');
      expect(body).toContain('https://shop.example/dashboard');
      expect(body).toContain('https://shop.example/docs');
      expect(body).toContain('¥1,699.00'); // list price
      expect(body).toContain('-¥699.00'); // the credit for the current plan: 1699 - 100 - 900
      expect(body).toContain('-¥100.00'); // the discount
      expect(body).toContain('¥900.00');
      expect(body).toContain('微信支付');
      expect(body).toContain('Basic → Pro');
      expect(body).toContain('2026-11-28 12:05 (UTC+8)');
      expect(body).toContain('激活码');
    }
    expect(zh.html).toContain('<html lang="zh-CN">');
    const en = renderReceipt(ctx('en'), order);
    expect(en.subject).toBe(
      '[Seat <b>Shop</b> & Co] Payment received: order SK20261128120000123456',
    );
    expect(en.html).toContain('<html lang="en">');
    expect(en.text).toContain('Amount paid');
    expect(en.text).toContain('WeChat Pay');
    expect(en.text).toContain('activation code');
    expect(en.text).not.toContain('支付成功');
    // The product by the plan's English name, not the stored Chinese 'Pro 套餐': no Chinese at all.
    expect(en.text).toMatch(/Product\s+Pro plan/);
    for (const body of [en.html, en.text, en.subject]) expect(body).not.toMatch(/[\u4e00-\u9fff]/);
    expect(zh.text).toContain('Pro 套餐');
  });

  it('a receipt without upgrade or discount shows neither line', () => {
    const plain = renderReceipt(ctx('en'), {
      ...order,
      upgradedFromTier: null,
      discountCode: null,
      discountAmount: 0,
      amount: 169900,
      buyerName: '',
    });
    expect(plain.text).not.toContain('Credit');
    expect(plain.text).not.toContain('Discount');
    expect(plain.text).toContain('Hello,');
  });

  it.each(ALL.map(([name, m]) => [name, m] as const))(
    '%s: user content escaped in HTML, as written in text, one-line subject',
    (_name, m) => {
      expect(m.html).not.toMatch(/<script|<img|<b>Shop/);
      expect(m.html).toContain('Seat &lt;b&gt;Shop&lt;/b&gt; &amp; Co');
      expect(m.text).toContain('Seat <b>Shop</b> & Co');
      expect(m.subject).not.toMatch(/[\r\n]/);
      expect(m.text.trim()).not.toBe('');
    },
  );

  it('the notices say what happened', () => {
    const refund = renderRefund(ctx('en'), {
      orderId: 'SK1',
      amount: 69900,
      currency: 'CNY',
      refundedAt: new Date('2026-11-29T01:00:00Z'),
      buyerName: 'Ann',
      revokedSeats: [
        { seatIndex: 1, websiteUrl: 'a.example' },
        { seatIndex: 2, websiteUrl: null },
        { seatIndex: 3, websiteUrl: 'c.example' },
      ],
      restoredTier: null,
    });
    expect(refund.subject).toBe('[Seat <b>Shop</b> & Co] Refund made: order SK1');
    expect(refund.text).toContain('¥699.00');
    expect(refund.text).toContain('3 seats were taken back');
    // One message says both: the refund and which sites lose the plugin.
    expect(refund.text).toMatch(/Seat 1\s+a\.example/);
    expect(refund.text).toMatch(/Seat 2\s+not bound/);
    expect(refund.text).toMatch(/Seat 3\s+c\.example/);
    expect(refund.text).toContain('https://shop.example/orders/SK1');
    const revoked = renderSeatRevoked(ctx('zh-CN'), {
      buyerName: 'Ann',
      seats: [{ seatIndex: 2, websiteUrl: 'a.example' }],
      reason: null,
    });
    expect(revoked.subject).toBe('【Seat <b>Shop</b> & Co】1 个座位已被收回');
    expect(revoked.text).toContain('a.example');
    const granted = renderPlanGranted(ctx('en'), {
      buyerName: 'Ann',
      tier: 'ultra',
      seatCount: 20,
      grantedBy: null,
    });
    expect(granted.subject).toBe('[Seat <b>Shop</b> & Co] You have been given the Max plan');
    expect(granted.text).toContain('20 site seats');
  });

  it('a refunded upgrade: the plan restored and the seats beyond it, with their sites, in one message', () => {
    const refund = (language: 'zh-CN' | 'en', seats: number) =>
      renderRefund(ctx(language), {
        orderId: 'SK2',
        amount: 100000,
        currency: 'CNY',
        refundedAt: new Date('2026-11-29T01:00:00Z'),
        buyerName: '',
        revokedSeats: Array.from({ length: seats }, (_, i) => ({
          seatIndex: 4 + i,
          websiteUrl: i === 0 ? 'blog.example' : null,
        })),
        restoredTier: 'basic',
      }).text;
    const en = refund('en', 2);
    expect(en).toContain('Your plan is back to Basic.');
    expect(en).toContain(
      '2 seats beyond the Basic plan were taken back; sites bound to them can no longer use the plugin:',
    );
    expect(en).toMatch(/Seat 4\s+blog\.example/);
    expect(en).toMatch(/Seat 5\s+not bound/);
    expect(refund('en', 1)).toContain(
      '1 seat beyond the Basic plan was taken back; a site bound to it',
    );
    const zh = refund('zh-CN', 2);
    expect(zh).toContain('您的套餐已恢复为 Basic。');
    expect(zh).toContain('超出 Basic 套餐的 2 个座位已收回');
    expect(zh).toMatch(/座位 4\s+blog\.example/);
    expect(zh).toMatch(/座位 5\s+未绑定/);
    // Nothing taken back: the plan restored, no seats' table.
    expect(refund('en', 0)).not.toMatch(/Seat \d/);
    expect(refund('zh-CN', 0)).not.toContain('座位');
  });

  it('counts seats with the right plural in both languages (refund, revoke, grant, receipt)', () => {
    const refund = (language: 'zh-CN' | 'en', count: number) =>
      renderRefund(ctx(language), {
        orderId: 'SK1',
        amount: 69900,
        currency: 'CNY',
        refundedAt: new Date('2026-11-29T01:00:00Z'),
        buyerName: 'Ann',
        revokedSeats: Array.from({ length: count }, (_, i) => ({
          seatIndex: i + 1,
          websiteUrl: `s${i + 1}.example`,
        })),
        restoredTier: null,
      }).text;
    expect(refund('en', 1)).toContain('The order’s 1 seat was taken back; a site bound to it');
    expect(refund('en', 1)).not.toMatch(/\b1 seats\b/);
    expect(refund('en', 2)).toContain('The order’s 2 seats were taken back; sites bound to them');
    expect(refund('zh-CN', 1)).toContain('该订单的 1 个座位已收回');
    const revoked = renderSeatRevoked(ctx('en'), {
      buyerName: 'Ann',
      seats: [{ seatIndex: 2, websiteUrl: 'a.example' }],
      reason: null,
    });
    expect(revoked.subject).toBe('[Seat <b>Shop</b> & Co] A seat was revoked');
    expect(revoked.text).toContain('This seat was revoked; a site bound to it');
    expect(revoked.text).not.toContain('These seats');
    const granted = (language: 'zh-CN' | 'en') =>
      renderPlanGranted(ctx(language), {
        buyerName: '',
        tier: 'basic',
        seatCount: 1,
        grantedBy: null,
      });
    expect(granted('en').text).toContain('the Basic plan with 1 site seat, free of charge');
    expect(granted('zh-CN').text).toContain('共 1 个站点座位');
    const receipt = renderReceipt(ctx('en'), { ...order, seatCount: 1 }).text;
    expect(receipt).toContain('plan is active, with 1 site seat.');
    expect(receipt).not.toMatch(/\b1 site seats\b/);
  });

  it('the sign-in code: the code in the body in both languages, never in the subject', () => {
    const en = renderSignInCode(ctx('en'), { code: '042917', minutes: 10 });
    expect(en.subject).toBe('[Seat <b>Shop</b> & Co] Your sign-in code');
    expect(en.text).toContain('\n042917\n');
    expect(en.text).toContain('10 minutes');
    expect(en.html).toContain('>042917</p>');
    expect(en.html).toContain('Seat &lt;b&gt;Shop&lt;/b&gt; &amp; Co');
    expect(en.html).toContain('<html lang="en">');
    const zh = renderSignInCode(ctx('zh-CN'), { code: '042917', minutes: 10 });
    expect(zh.subject).toBe('【Seat <b>Shop</b> & Co】您的登录验证码');
    expect(zh.text).toContain('10 分钟内有效');
    expect(zh.text).toContain('042917');
    for (const m of [en, zh]) expect(m.subject).not.toContain('042917');
  });
});
