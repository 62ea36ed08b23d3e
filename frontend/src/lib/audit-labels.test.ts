import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setTestLanguage } from '../test/i18n';
import { auditActor, auditTarget, useAuditLabels } from './audit-labels';

const SEAT_ID = '0b7c4a52-3f1e-4d7a-9c55-2d0f3a1b9e11';

describe('auditActor', () => {
  it('reads an admin, the customer, a gateway and the system as the server records them', () => {
    expect(auditActor('ada@shop.example')).toEqual({ kind: 'admin', email: 'ada@shop.example' });
    expect(auditActor(`user:${SEAT_ID}`)).toEqual({ kind: 'customer' });
    expect(auditActor('gateway:alipay')).toEqual({ kind: 'gateway', gateway: 'alipay' });
    expect(auditActor('system')).toEqual({ kind: 'system' });
  });
});

describe('auditTarget', () => {
  it("reads a seat, '<licence id> (seat n)', whatever the action", () => {
    for (const action of ['license.domain', 'license.revoke', 'license.reset_changes'])
      expect(auditTarget({ action, target: `${SEAT_ID} (seat 3)` })).toEqual({
        kind: 'seat',
        licenseId: SEAT_ID,
        seat: 3,
      });
  });

  it("reads a VIP batch's address count from its target, else from the entry's data", () => {
    expect(auditTarget({ action: 'vip.batch', target: '4 addresses' })).toEqual({
      kind: 'addresses',
      count: 4,
    });
    expect(
      auditTarget({
        action: 'vip.batch',
        target: 'something else',
        after: { added: ['a@x.com'], skipped: ['b@x.com'], failed: [{ email: 'c@' }] },
      }),
    ).toEqual({ kind: 'addresses', count: 3 });
    expect(auditTarget({ action: 'vip.batch', target: 'odd', after: null })).toEqual({
      kind: 'text',
      text: 'odd',
    });
  });

  it('reads a plan by its tier and a docs section by slug and language', () => {
    expect(auditTarget({ action: 'plan.update', target: 'ultra' })).toEqual({
      kind: 'plan',
      tier: 'ultra',
    });
    expect(auditTarget({ action: 'docs.update', target: 'docs:token-auth/en' })).toEqual({
      kind: 'docs',
      slug: 'token-auth',
      language: 'en',
    });
  });

  it('leaves any other target as written (an e-mail, an order number, a code)', () => {
    for (const [action, target] of [
      ['vip.add', 'a@x.com'],
      ['order.paid', 'SK20261125000000000000000001'],
      ['discount.save', 'SPRING'],
      ['plan.update', 'gold'],
      ['vip.add', '4 addresses'],
    ])
      expect(auditTarget({ action, target })).toEqual({ kind: 'text', text: target });
  });
});

describe('useAuditLabels', () => {
  const labels = () => renderHook(() => useAuditLabels()).result.current;

  it('words actions, actors and targets in English', () => {
    const l = labels();
    expect(l.action('order.paid')).toBe('order paid');
    expect(l.action('docs.update')).toBe('docs section edited');
    expect(l.action('new.thing')).toBe('new.thing');
    expect(l.actor('gateway:sandbox')).toBe('payment gateway (Sandbox)');
    expect(l.actor('gateway:wechat')).toBe('payment gateway (WeChat Pay)');
    expect(l.actor('gateway:stripe')).toBe('payment gateway (stripe)');
    expect(l.actor('system')).toBe('system');
    expect(l.actor(`user:${SEAT_ID}`)).toBe('customer');
    expect(l.actor(`user:${SEAT_ID}`, 'lena@x.com')).toBe('lena@x.com');
    expect(l.actor('ada@shop.example')).toBe('ada@shop.example');
    expect(l.target({ action: 'vip.batch', target: '4 addresses' })).toBe('4 addresses');
    expect(l.target({ action: 'vip.batch', target: '1 addresses' })).toBe('1 address');
    expect(l.target({ action: 'license.domain', target: `${SEAT_ID} (seat 2)` })).toBe(
      `${SEAT_ID} (seat 2)`,
    );
    expect(l.target({ action: 'plan.update', target: 'ultra' })).toBe('Max');
    expect(l.target({ action: 'docs.update', target: 'docs:intro/zh-CN' })).toBe(
      'docs: intro (中文)',
    );
  });

  it('words them in Chinese in zh-CN, the stored English targets included', async () => {
    await setTestLanguage('zh-CN');
    const l = labels();
    expect(l.action('order.paid')).toBe('订单已支付');
    expect(l.actor('gateway:sandbox')).toBe('支付网关（沙箱）');
    expect(l.actor('gateway:alipay')).toBe('支付网关（支付宝）');
    expect(l.actor('system')).toBe('系统');
    expect(l.actor(`user:${SEAT_ID}`)).toBe('客户');
    expect(l.target({ action: 'vip.batch', target: '4 addresses' })).toBe('4 个地址');
    expect(l.target({ action: 'license.revoke', target: `${SEAT_ID} (seat 2)` })).toBe(
      `${SEAT_ID}（座位 2）`,
    );
    expect(l.target({ action: 'plan.update', target: 'ultra' })).toBe('Max');
    expect(l.target({ action: 'docs.update', target: 'docs:intro/en' })).toBe(
      '文档：intro（English）',
    );
  });
});
