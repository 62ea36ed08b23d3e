import type { ChannelInput } from './channel';
import { feishuChannel, feishuSign } from './feishu';

const input = (over: Partial<ChannelInput> = {}): ChannelInput => ({
  url: 'https://open.feishu.cn/open-apis/bot/v2/hook/5e3d587e-d78e-4a07-bd07-265f269f86fd',
  secrets: ['demo-secret'],
  language: 'zh-CN',
  // 1599360473 s, the documentation's example timestamp, plus 999 ms (dropped: seconds).
  now: new Date(1599360473999),
  envelope: {
    id: 'msg_1',
    type: 'mail.failed',
    timestamp: '2026-11-28T08:00:00.000Z',
    data: {
      mailId: 'm',
      kind: 'refund',
      recipient: 'chen@example.com',
      attempts: 1,
      error: 'timeout',
    },
  },
  ...over,
});

describe('Feishu/Lark custom bot channel (签名校验)', () => {
  it('signs as documented: timestamp+"\\n"+secret is the HMAC key over an empty message', () => {
    // Computed independently with Python's hmac.new(b"1599360473\ndemo-secret", b"", sha256), base64.
    expect(feishuSign(1599360473, 'demo-secret')).toBe(
      '3/MaVZ8JLIy4TUG+7KSFJqvUkTKd+HWY8g+56DZWq8s=',
    );
    // Not DingTalk's way (the secret as key over the string), which Feishu refuses with 19021.
    expect(feishuSign(1599360473, 'demo-secret')).not.toBe(
      '+y4hoW+2wrJQJ+Ccwm+K1OKBY3kTQ7fsX6PjcCKo06U=',
    );
  });

  it('puts timestamp (seconds, a string) and sign in the body beside a text message', () => {
    const req = feishuChannel.prepare(input());
    expect(req.url).toBe(input().url);
    expect(req.headers).toEqual({ 'content-type': 'application/json' });
    expect(JSON.parse(req.body)).toEqual({
      timestamp: '1599360473',
      sign: '3/MaVZ8JLIy4TUG+7KSFJqvUkTKd+HWY8g+56DZWq8s=',
      msg_type: 'text',
      content: { text: 'Seatkeeper · 邮件发送失败\n退款通知 — c** — 尝试 1 次 — timeout' },
    });
    expect(JSON.parse(feishuChannel.prepare(input({ language: 'en' })).body).content.text).toBe(
      'Seatkeeper · Mail not delivered\nrefund notice — c** — 1 attempt — timeout',
    );
  });

  it('is delivered only on code 0 (or the older StatusCode 0): a 200 with 19021 is not', () => {
    expect(feishuChannel.secret).toBe('pasted');
    expect(feishuChannel.delivered(200, '{"code":0,"data":{},"msg":"success"}')).toBe(true);
    expect(feishuChannel.delivered(200, '{"StatusCode":0,"StatusMessage":"success"}')).toBe(true);
    expect(
      feishuChannel.delivered(
        200,
        '{"code":19021,"data":{},"msg":"sign match fail or timestamp is not within one hour from current time"}',
      ),
    ).toBe(false);
    expect(feishuChannel.delivered(200, '{"code":11232,"msg":"frequency limited"}')).toBe(false);
    expect(feishuChannel.delivered(200, '{}')).toBe(false);
    expect(feishuChannel.delivered(400, '{"code":0}')).toBe(false);
  });
});
