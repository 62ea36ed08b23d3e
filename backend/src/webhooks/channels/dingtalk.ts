import { createHmac } from 'node:crypto';
import type { ChannelInput, ChannelRequest, WebhookChannel } from './channel';
import { noticeText } from './notice-text';
import { errorCode } from './wecom';

/**
 * The signature of a DingTalk custom robot with 加签 (DingTalk open platform, "自定义机器人安全设置",
 * https://open.dingtalk.com/document/robots/customize-robot-security-settings): the string to sign is the
 * timestamp in MILLISECONDS, a newline and the secret (`SEC…`); HmacSHA256 keyed with the secret; Base64;
 * then URL-encoded (urlEncode, UTF-8). The timestamp must be within one hour of DingTalk's clock.
 */
export function dingtalkSign(timestampMs: number, secret: string): string {
  const digest = createHmac('sha256', secret).update(`${timestampMs}\n${secret}`, 'utf8').digest();
  return encodeURIComponent(digest.toString('base64'));
}

/**
 * DingTalk custom robot (钉钉自定义机器人), signed (加签): POST to the pasted
 * `https://oapi.dingtalk.com/robot/send?access_token=…` with `&timestamp=<ms>&sign=<sign>` added to the
 * query; a JSON body `{"msgtype":"text","text":{"content":…}}` (plain text: the `**` of a masked name stays as it is)
 * (https://open.dingtalk.com/document/robots/custom-robot-access, message types). The answer is HTTP 200
 * with `{"errcode":0,"errmsg":"ok"}`; a refusal is 200 with another errcode (310000 a wrong signature, an
 * expired timestamp, a keyword missing or an address not allowed; 300001 a bad token; 410100 over the
 * 20 messages a minute), so delivered() reads the body.
 */
export const dingtalkChannel: WebhookChannel = {
  kind: 'dingtalk',
  secret: 'pasted',
  prepare({ url, secrets, envelope, language, now }: ChannelInput): ChannelRequest {
    const secret = secrets[0];
    let target = url;
    if (secret) {
      const timestamp = now.getTime();
      target = `${url}${url.includes('?') ? '&' : '?'}timestamp=${timestamp}&sign=${dingtalkSign(timestamp, secret)}`;
    }
    return {
      url: target,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ msgtype: 'text', text: { content: noticeText(envelope, language) } }),
    };
  },
  delivered: (status, body) => status >= 200 && status < 300 && errorCode(body, 'errcode') === 0,
};
