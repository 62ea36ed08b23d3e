import type { ChannelInput, ChannelRequest, WebhookChannel } from './channel';
import { noticeText } from './notice-text';

/**
 * WeCom group robot (企业微信群机器人), as documented at
 * https://developer.work.weixin.qq.com/document/path/91770 ("群机器人配置说明"): the robot's address is
 * `https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=<key>`; the key in the address is the only
 * credential (no signature). A JSON POST with `msgtype` "text" and `text.content` (at most 2048 bytes; plain
 * text, so the `**` of a masked name is not read as markdown); the answer is `{"errcode":0,"errmsg":"ok"}`, any other errcode (e.g. 93000 invalid key, 45009
 * over the 20 messages a minute) a refusal, sent with HTTP 200.
 */
export const wecomChannel: WebhookChannel = {
  kind: 'wecom',
  secret: 'none',
  prepare({ url, envelope, language }: ChannelInput): ChannelRequest {
    return {
      url,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ msgtype: 'text', text: { content: noticeText(envelope, language) } }),
    };
  },
  delivered: (status, body) => status >= 200 && status < 300 && errorCode(body, 'errcode') === 0,
};

/**
 * The platform's error code in a JSON answer (`errcode` for WeCom and DingTalk, `code` or the older
 * `StatusCode` for Feishu); null when the answer is not JSON or carries none (then not delivered).
 */
export function errorCode(body: string, ...fields: string[]): number | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  for (const field of fields) {
    const value = (parsed as Record<string, unknown>)[field];
    if (typeof value === 'number') return value;
  }
  return null;
}
