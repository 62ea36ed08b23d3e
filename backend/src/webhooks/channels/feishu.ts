import { createHmac } from 'node:crypto';
import type { ChannelInput, ChannelRequest, WebhookChannel } from './channel';
import { noticeText } from './notice-text';
import { errorCode } from './wecom';

/**
 * The signature of a Feishu/Lark custom bot with 签名校验 (自定义机器人使用指南,
 * https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot, also at
 * https://open.larkoffice.com/document/ukTMukTMukTM/ucTM5YjL3ETO24yNxkjN): `timestamp + "\n" + secret`
 * with the timestamp in SECONDS is the HmacSHA256 KEY, the message is empty, the digest Base64. (Unlike
 * DingTalk, where the secret is the key and the string the message; the documented Java/Go/Python samples
 * all hash an empty message.) The timestamp must be within one hour (3600 s) of Feishu's clock.
 */
export function feishuSign(timestampSeconds: number, secret: string): string {
  return createHmac('sha256', `${timestampSeconds}\n${secret}`)
    .update(Buffer.alloc(0))
    .digest('base64');
}

/**
 * Feishu/Lark custom bot (飞书自定义机器人): POST the JSON body to the pasted
 * `https://open.feishu.cn/open-apis/bot/v2/hook/<id>` (Lark: open.larksuite.com), `"timestamp"` (seconds,
 * as a string) and `"sign"` in the body beside `msg_type` "text" and `content.text` (plain text, so the `**` of a
 * masked name is not read as markdown). Success is `{"code":0,"msg":"success",…}` (older bots answered `StatusCode: 0`); a
 * refusal is HTTP 200 with another code: 19021 a wrong signature or a timestamp off by more than an hour,
 * 19024 a keyword missing, 11232 the rate limit.
 */
export const feishuChannel: WebhookChannel = {
  kind: 'feishu',
  secret: 'pasted',
  prepare({ url, secrets, envelope, language, now }: ChannelInput): ChannelRequest {
    const secret = secrets[0];
    const signed: Record<string, string> = {};
    if (secret) {
      const timestamp = Math.floor(now.getTime() / 1000);
      signed.timestamp = String(timestamp);
      signed.sign = feishuSign(timestamp, secret);
    }
    return {
      url,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...signed,
        msg_type: 'text',
        content: { text: noticeText(envelope, language) },
      }),
    };
  },
  delivered: (status, body) =>
    status >= 200 && status < 300 && errorCode(body, 'code', 'StatusCode') === 0,
};
