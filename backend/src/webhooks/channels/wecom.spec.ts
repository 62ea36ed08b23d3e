import type { ChannelInput } from './channel';
import { wecomChannel } from './wecom';

const input = (language: 'zh-CN' | 'en'): ChannelInput => ({
  url: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7xxx-4bc4-97a0-0ec2sifa5aaa',
  secrets: [],
  language,
  now: new Date('2026-11-28T08:00:00.000Z'),
  envelope: {
    id: 'msg_1',
    type: 'order.paid',
    timestamp: '2026-11-28T08:00:00.000Z',
    data: {
      orderId: 'SK1',
      tier: 'pro',
      amount: 169900,
      currency: 'CNY',
      customer: { name: '张三', email: 'z@x.cn' },
    },
  },
});

describe('WeCom group robot channel', () => {
  it('posts a text message to the pasted address, unchanged', () => {
    const req = wecomChannel.prepare(input('zh-CN'));
    expect(req.url).toBe(input('zh-CN').url);
    expect(req.headers).toEqual({ 'content-type': 'application/json' });
    expect(JSON.parse(req.body)).toEqual({
      msgtype: 'text',
      text: { content: 'Seatkeeper · 新订单已付款\n¥1,699.00 — Pro — 张** — SK1' },
    });
    expect(JSON.parse(wecomChannel.prepare(input('en')).body).text.content).toBe(
      'Seatkeeper · New order paid\n¥1,699.00 — Pro — 张** — SK1',
    );
  });

  it('is delivered only on errcode 0; a 200 with another code is not', () => {
    expect(wecomChannel.secret).toBe('none');
    expect(wecomChannel.delivered(200, '{"errcode":0,"errmsg":"ok"}')).toBe(true);
    expect(wecomChannel.delivered(200, '{"errcode":93000,"errmsg":"invalid webhook url"}')).toBe(
      false,
    );
    expect(wecomChannel.delivered(200, '{"errcode":45009,"errmsg":"api freq out of limit"}')).toBe(
      false,
    );
    expect(wecomChannel.delivered(200, '<html>proxy</html>')).toBe(false);
    expect(wecomChannel.delivered(200, '')).toBe(false);
    expect(wecomChannel.delivered(502, '{"errcode":0}')).toBe(false);
  });
});
