// Sale notices in chat groups end to end (issue #31 part 2, docs/chat-notices.md): the real app delivers
// through the webhook outbox to local HTTPS fakes of the WeCom, DingTalk and Feishu robots
// (support/fake-chat-robots.ts), which check each request as the platforms document (the signature
// recomputed in the fake with node:crypto), on PostgreSQL and PGlite.
import type { EntityManager } from '@mikro-orm/postgresql';
import { dingtalkChannel } from '../src/webhooks/channels/dingtalk';
import { feishuChannel } from '../src/webhooks/channels/feishu';
import { WebhookEvents } from '../src/webhooks/webhook-events.service';
import { postDelivery } from '../src/webhooks/webhook-http';
import type { RunningApp } from './support/app';
import { customer } from './support/customer';
import { createTestDatabase, type TestDatabase } from './support/database';
import { em } from './support/factories';
import {
  startFakeDingtalk,
  startFakeFeishu,
  startFakeWecom,
  type FakeRobot,
} from './support/fake-chat-robots';
import {
  paidTwice,
  quickDeliveries,
  startWebhookApp,
  type WebhookApp,
} from './support/webhook-admin';
import { testCertificates, waitFor } from './support/webhook-receiver';

describe('sale notices delivered to WeCom, DingTalk and Feishu robots', () => {
  let db: TestDatabase;
  let running: RunningApp;
  let base: string;
  let api: WebhookApp;
  let wecom: FakeRobot;
  let dingtalk: FakeRobot;
  let feishu: FakeRobot;

  beforeAll(async () => {
    [wecom, dingtalk, feishu] = await Promise.all([
      startFakeWecom(),
      startFakeDingtalk(),
      startFakeFeishu(),
    ]);
    db = await createTestDatabase();
    api = await startWebhookApp(db, quickDeliveries(testCertificates().caFile, '1,1'));
    ({ running, base } = api);
  });
  afterAll(async () => {
    await running?.close();
    await Promise.all([wecom?.stop(), dingtalk?.stop(), feishu?.stop()]);
    await db?.drop();
  });

  const create = async (
    kind: 'wecom' | 'dingtalk' | 'feishu',
    url: string,
    secret: string | undefined,
    language: 'zh-CN' | 'en',
    events = ['order.paid', 'order.refunded'],
  ) => {
    const res = await api.post('/api/admin/webhooks', {
      kind,
      url,
      events,
      language,
      ...(secret ? { secret } : {}),
    });
    expect(res.status).toBe(200);
    // A robot's secret is the seller's: never shown back.
    expect(res.body.secret ?? null).toBeNull();
    return res.body.endpoint as { id: string };
  };

  it('a paid order and its refund: each robot receives one signed message per event in its language', async () => {
    await create('dingtalk', dingtalk.url, dingtalk.secret, 'zh-CN');
    await create('feishu', feishu.url, feishu.secret, 'en');
    await create('wecom', wecom.url, undefined, 'zh-CN');

    const c = await customer(base);
    // The gateway's notification twice: still one notice.
    const order = await paidTwice(base, c, 'pro');
    await api.post(`/api/admin/orders/${order.orderId}/refund`, { reason: 'asked' }).expect(200);

    for (const robot of [dingtalk, feishu, wecom])
      await waitFor(() => robot.accepted.length >= 2, `${robot.kind}: two notices`, 20_000);
    // A moment for any duplicate to show.
    await new Promise((r) => setTimeout(r, 1000));

    const yuan = (order.amount / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    const masked = `${c.email[0]}**`;
    for (const robot of [dingtalk, feishu, wecom]) {
      expect(robot.refused).toEqual([]);
      expect(robot.accepted).toHaveLength(2);
      for (const m of robot.accepted) {
        expect(m.text).toContain(`¥${yuan}`);
        expect(m.text).toContain('Pro');
        expect(m.text).toContain(masked);
        expect(m.text).toContain(order.orderId);
        // Masked: the customer's address never reaches the group.
        expect(m.text).not.toContain(c.email);
        expect(m.text).not.toContain('example.com');
      }
    }
    expect(dingtalk.accepted.map((m) => m.text.split('\n')[0])).toEqual([
      'Seatkeeper · 新订单已付款',
      'Seatkeeper · 订单已退款',
    ]);
    expect(wecom.accepted.map((m) => m.text.split('\n')[0])).toEqual([
      'Seatkeeper · 新订单已付款',
      'Seatkeeper · 订单已退款',
    ]);
    expect(feishu.accepted.map((m) => m.text.split('\n')[0])).toEqual([
      'Seatkeeper · New order paid',
      'Seatkeeper · Order refunded',
    ]);
    // The documented shapes: DingTalk and WeCom `msgtype`, Feishu `msg_type` with its signature fields.
    expect(dingtalk.accepted[0].body.msgtype).toBe('text');
    expect(wecom.accepted[0].body.msgtype).toBe('text');
    expect(feishu.accepted[0].body).toMatchObject({
      msg_type: 'text',
      timestamp: expect.stringMatching(/^\d{10}$/),
      sign: expect.any(String),
    });
  });

  it('a wrong secret: the robot refuses with its code, the log shows the attempt failed and retried', async () => {
    await api.disableAll();
    dingtalk.refused = [];
    feishu.refused = [];
    const wrongDing = await create('dingtalk', dingtalk.url, 'SECnot-the-robots-secret', 'zh-CN', [
      'order.paid',
    ]);
    const wrongFeishu = await create('feishu', feishu.url, 'not-the-bots-secret', 'en', [
      'order.paid',
    ]);
    const acceptedBefore = dingtalk.accepted.length + feishu.accepted.length;
    await em(running).transactional(async (tx) => {
      await running.app.get(WebhookEvents).emit(tx as EntityManager, 'order.paid', 'wrong-secret', {
        orderId: 'SKWRONG1',
        tier: 'vip',
        amount: 9900,
        currency: 'CNY',
        customer: { id: 'x', email: 'x@example.com', name: '王五' },
      });
    });
    // The first attempt and the two retries (WEBHOOK_RETRY_DELAYS=1,1), each refused.
    await waitFor(
      () => dingtalk.refused.length >= 3 && feishu.refused.length >= 3,
      'three refused attempts each',
      20_000,
    );
    expect(new Set(dingtalk.refused.map((r) => r.code))).toEqual(new Set([310000]));
    expect(new Set(feishu.refused.map((r) => r.code))).toEqual(new Set([19021]));
    expect(dingtalk.accepted.length + feishu.accepted.length).toBe(acceptedBefore);

    for (const [endpoint, code] of [
      [wrongDing, '310000'],
      [wrongFeishu, '19021'],
    ] as const) {
      let log = await api.deliveries(endpoint.id);
      for (let i = 0; i < 30 && log[0]?.attempts < 3; i++) {
        await new Promise((r) => setTimeout(r, 100));
        log = await api.deliveries(endpoint.id);
      }
      expect(log).toHaveLength(1);
      expect(log[0].status).not.toBe('delivered');
      expect(log[0].attempts).toBe(3);
      // HTTP 200, yet not delivered: the platform's error code is in the kept answer.
      expect(log[0].lastStatus).toBe(200);
      expect(log[0].lastResponse).toContain(code);
    }
  });
  it('a signature more than an hour old is refused by each platform, one within the hour accepted', async () => {
    const envelope = {
      id: 'msg_clock',
      type: 'order.paid' as const,
      timestamp: new Date().toISOString(),
      data: { orderId: 'SKCLOCK' },
    };
    const options = { timeoutMs: 5000, allowPrivate: true, extraCa: testCertificates().ca };
    for (const [robot, channel, code] of [
      [dingtalk, dingtalkChannel, 310000],
      [feishu, feishuChannel, 19021],
    ] as const) {
      robot.refused = [];
      const at = (msAgo: number) =>
        postDelivery(
          channel.prepare({
            url: robot.url,
            secrets: [robot.secret],
            envelope,
            language: 'en',
            now: new Date(Date.now() - msAgo),
          }),
          options,
        );
      const stale = await at(61 * 60_000);
      expect(stale.status).toBe(200);
      expect(channel.delivered(stale.status!, stale.response!)).toBe(false);
      expect(robot.refused.map((r) => r.code)).toEqual([code]);
      const recent = await at(59 * 60_000);
      expect(channel.delivered(recent.status!, recent.response!)).toBe(true);
    }
  });
});
