import type { ChannelInput } from './channel';
import { dingtalkChannel, dingtalkSign } from './dingtalk';

const input = (over: Partial<ChannelInput> = {}): ChannelInput => ({
  url: 'https://oapi.dingtalk.com/robot/send?access_token=abc123',
  secrets: ['secret'],
  language: 'en',
  now: new Date(1700000000000),
  envelope: {
    id: 'msg_1',
    type: 'order.refunded',
    timestamp: '2026-11-28T08:00:00.000Z',
    data: {
      orderId: 'SK2',
      tier: 'ultra',
      amount: 99900,
      currency: 'CNY',
      customer: { name: 'Alice', email: 'a@x.cn' },
    },
  },
  ...over,
});

describe('DingTalk custom robot channel (加签)', () => {
  it('signs as documented: a vector from an independent implementation', () => {
    // The dingding Rust crate's test (docs.rs/crate/dingding, src/signature.rs), also Python's
    // hmac + quote_plus as in DingTalk's own sample: ("1700000000000", "secret").
    expect(dingtalkSign(1700000000000, 'secret')).toBe(
      'OuzzJR5%2BxZ4%2FEYwqtNt6sMYZQMTa%2FHEGvc9miJe7XzY%3D',
    );
  });

  it('adds timestamp (ms) and sign to the pasted address and posts a text message', () => {
    const req = dingtalkChannel.prepare(input());
    expect(req.url).toBe(
      'https://oapi.dingtalk.com/robot/send?access_token=abc123&timestamp=1700000000000&sign=OuzzJR5%2BxZ4%2FEYwqtNt6sMYZQMTa%2FHEGvc9miJe7XzY%3D',
    );
    expect(req.headers).toEqual({ 'content-type': 'application/json' });
    expect(JSON.parse(req.body)).toEqual({
      msgtype: 'text',
      text: { content: 'Seatkeeper · Order refunded\n¥999.00 — Max — A** — SK2' },
    });
  });

  it('signs with the newest secret only, and sends the notice in the endpoint language', () => {
    const req = dingtalkChannel.prepare(input({ secrets: ['secret', 'older'], language: 'zh-CN' }));
    expect(req.url.endsWith(`&sign=${dingtalkSign(1700000000000, 'secret')}`)).toBe(true);
    expect(JSON.parse(req.body).text.content).toBe(
      'Seatkeeper · 订单已退款\n¥999.00 — Max — A** — SK2',
    );
  });

  it('is delivered only on errcode 0: a 200 with 310000 (sign mismatch) is not', () => {
    expect(dingtalkChannel.secret).toBe('pasted');
    expect(dingtalkChannel.delivered(200, '{"errcode":0,"errmsg":"ok"}')).toBe(true);
    expect(dingtalkChannel.delivered(200, '{"errcode":310000,"errmsg":"sign not match"}')).toBe(
      false,
    );
    expect(dingtalkChannel.delivered(200, '{"errcode":300001,"errmsg":"token is not exist"}')).toBe(
      false,
    );
    expect(dingtalkChannel.delivered(200, 'not json')).toBe(false);
    expect(dingtalkChannel.delivered(500, '{"errcode":0}')).toBe(false);
  });
});
