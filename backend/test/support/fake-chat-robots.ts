import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { testCertificates } from './webhook-receiver';

/**
 * Local fakes of the three chat platforms' group robots (docs/chat-notices.md, "Testing"), over HTTPS with
 * the webhook receiver's test CA (the app trusts it through WEBHOOK_CA_FILE). Each checks a request the way
 * its platform documents and answers the way it does: HTTP 200 with an error code in the body for a
 * refusal. The signatures are recomputed HERE from the documented algorithms with node:crypto, not with
 * the app's channel code:
 * - WeCom (developer.work.weixin.qq.com/document/path/91770): POST /cgi-bin/webhook/send?key=<key>,
 *   msgtype text (content ≤ 2048 bytes) or markdown; a wrong key → errcode 93000.
 * - DingTalk (open.dingtalk.com/document/robots/customize-robot-security-settings): POST
 *   /robot/send?access_token=<token>&timestamp=<ms>&sign=<urlencoded base64 HmacSHA256(key=secret,
 *   msg=timestamp+"\n"+secret)>; timestamp more than an hour off or a wrong sign → errcode 310000; a wrong
 *   token → 300001.
 * - Feishu (open.feishu.cn/document/client-docs/bot-v3/add-custom-bot): POST /open-apis/bot/v2/hook/<id>,
 *   body `timestamp` (s) and `sign` = base64 HmacSHA256(key=timestamp+"\n"+secret, msg=empty); wrong or
 *   more than an hour off → code 19021; a wrong hook id → 19001.
 */
export type RobotKind = 'wecom' | 'dingtalk' | 'feishu';

export interface RobotMessage {
  /** The message's text as a group member would read it. */
  text: string;
  body: Record<string, unknown>;
  at: number;
}

export interface Refusal {
  code: number;
  reason: string;
  at: number;
}

export interface FakeRobot {
  kind: RobotKind;
  /** The robot's address as the platform shows it to the seller (pointing at this fake). */
  url: string;
  /** The signing secret the fake checks against (DingTalk `SEC…`, Feishu); '' for WeCom. */
  secret: string;
  accepted: RobotMessage[];
  refused: Refusal[];
  stop(): Promise<void>;
}

const HOUR_MS = 3_600_000;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const parse = (body: string): Record<string, unknown> | null => {
  try {
    const v = JSON.parse(body) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/** WeCom's and DingTalk's text or markdown message → its text; null when the shape is not documented. */
function msgtypeText(m: Record<string, unknown>): string | null {
  const part = m[String(m.msgtype)] as Record<string, unknown> | undefined;
  if (m.msgtype === 'text' && typeof part?.content === 'string') return part.content;
  if (m.msgtype === 'markdown') {
    const text = part?.content ?? part?.text;
    if (typeof text === 'string') return text;
  }
  return null;
}

type Reply = { status: number; answer: object };

/** What a fake's check answers with: a refusal with the platform's code, or the message accepted. */
interface Robot {
  robot: FakeRobot;
  refuse(code: number, reason: string): Reply;
  accept(text: string, body: Record<string, unknown>): Reply;
}

/**
 * A robot's HTTPS server at `path`: a POST with a JSON body goes to `check`; each refusal and acceptance is
 * kept on the robot and answered with HTTP 200 and the platform's body (`answers`).
 */
async function startFake(
  kind: RobotKind,
  secret: string,
  path: string,
  answers: { refused: (code: number, reason: string) => object; ok: object },
  check: (url: URL, body: string, r: Robot) => Reply,
): Promise<FakeRobot> {
  const { key, cert } = testCertificates();
  const robot: FakeRobot = {
    kind,
    url: '',
    secret,
    accepted: [],
    refused: [],
    stop: () => Promise.resolve(),
  };
  const r: Robot = {
    robot,
    refuse: (code, reason) => {
      robot.refused.push({ code, reason, at: Date.now() });
      return { status: 200, answer: answers.refused(code, reason) };
    },
    accept: (text, body) => {
      robot.accepted.push({ text, body, at: Date.now() });
      return { status: 200, answer: answers.ok };
    },
  };
  const server: Server = createServer(
    { key, cert },
    (req: IncomingMessage, res: ServerResponse) => {
      void readBody(req).then((body) => {
        const url = new URL(req.url ?? '/', 'https://127.0.0.1');
        const { status, answer } =
          req.method !== 'POST'
            ? { status: 405, answer: { error: 'method' } }
            : !String(req.headers['content-type'] ?? '').startsWith('application/json')
              ? {
                  status: 200,
                  answer:
                    kind === 'feishu'
                      ? { code: 9499, msg: 'Bad Request' }
                      : { errcode: 40035, errmsg: 'invalid content-type' },
                }
              : check(url, body, r);
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(answer));
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  robot.url = `https://127.0.0.1:${port}${path}`;
  robot.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return robot;
}

/** WeCom's and DingTalk's answers: `errcode` and `errmsg`. */
const errcodeAnswers = {
  refused: (code: number, reason: string) => ({ errcode: code, errmsg: reason }),
  ok: { errcode: 0, errmsg: 'ok' },
};

/** A WeCom group robot: the key in the address is its only check. */
export function startFakeWecom(robotKey = 'wecom-test-key'): Promise<FakeRobot> {
  return startFake(
    'wecom',
    '',
    `/cgi-bin/webhook/send?key=${robotKey}`,
    errcodeAnswers,
    (u, body, { refuse, accept }) => {
      if (u.pathname !== '/cgi-bin/webhook/send') return { status: 404, answer: { errcode: 404 } };
      if (u.searchParams.get('key') !== robotKey) return refuse(93000, 'invalid webhook url');
      const m = parse(body);
      const text = m && msgtypeText(m);
      if (!m || text === null) return refuse(40008, 'invalid message type');
      if (Buffer.byteLength(text) > (m.msgtype === 'text' ? 2048 : 4096))
        return refuse(40058, 'content exceed max length');
      return accept(text, m);
    },
  );
}

/** Base64 HmacSHA256 of `message` under `key`: both platforms' signature, keyed and fed differently. */
const hmacBase64 = (key: string, message: Buffer) =>
  createHmac('sha256', Buffer.from(key, 'utf8')).update(message).digest('base64');

/** The DingTalk signature, computed from the documentation (not the app's code). */
export function dingtalkExpectedSign(timestamp: string, secret: string): string {
  return hmacBase64(secret, Buffer.from(`${timestamp}\n${secret}`, 'utf8'));
}

/** A DingTalk custom robot with 加签. `clock`: DingTalk's time (tests may move it). */
export function startFakeDingtalk(
  secret = 'SECdingtalk-test-secret-0123456789abcdef',
  accessToken = 'dingtalk-test-token',
  clock: () => number = Date.now,
): Promise<FakeRobot> {
  return startFake(
    'dingtalk',
    secret,
    `/robot/send?access_token=${accessToken}`,
    errcodeAnswers,
    (u, body, { robot, refuse, accept }) => {
      if (u.pathname !== '/robot/send') return { status: 404, answer: { errcode: 404 } };
      if (u.searchParams.get('access_token') !== accessToken)
        return refuse(300001, 'token is not exist');
      const timestamp = u.searchParams.get('timestamp') ?? '';
      // URLSearchParams decodes the URL-encoding: what remains is the Base64 signature.
      const sign = u.searchParams.get('sign') ?? '';
      if (!/^\d{13}$/.test(timestamp) || Math.abs(clock() - Number(timestamp)) > HOUR_MS)
        return refuse(310000, 'sign not match, more: [timestamp out of range]');
      if (!sameText(sign, dingtalkExpectedSign(timestamp, robot.secret)))
        return refuse(310000, 'sign not match, more: [sign not match]');
      const m = parse(body);
      const text = m && msgtypeText(m);
      if (!m || text === null) return refuse(40035, 'msgtype invalid');
      return accept(text, m);
    },
  );
}

/** The Feishu signature, computed from the documentation (not the app's code). */
export function feishuExpectedSign(timestamp: string, secret: string): string {
  return hmacBase64(`${timestamp}\n${secret}`, Buffer.alloc(0));
}

/** A Feishu/Lark custom bot with 签名校验. */
export function startFakeFeishu(
  secret = 'feishu-test-secret-abcdefghij',
  hookId = '0b1f7a52-5e3d-4d78-bd07-265f269f86fd',
  clock: () => number = Date.now,
): Promise<FakeRobot> {
  return startFake(
    'feishu',
    secret,
    `/open-apis/bot/v2/hook/${hookId}`,
    {
      refused: (code, reason) => ({ code, data: {}, msg: reason }),
      ok: { code: 0, data: {}, msg: 'success' },
    },
    (u, body, { robot, refuse, accept }) => {
      if (u.pathname !== `/open-apis/bot/v2/hook/${hookId}`)
        return refuse(19001, 'param invalid: incoming webhook access token invalid');
      const m = parse(body);
      if (!m) return refuse(9499, 'Bad Request');
      const timestamp = String(m.timestamp ?? '');
      const sign = typeof m.sign === 'string' ? m.sign : '';
      if (
        !/^\d{10}$/.test(timestamp) ||
        Math.abs(clock() / 1000 - Number(timestamp)) > 3600 ||
        !sameText(sign, feishuExpectedSign(timestamp, robot.secret))
      )
        return refuse(
          19021,
          'sign match fail or timestamp is not within one hour from current time',
        );
      const content = m.content as Record<string, unknown> | undefined;
      let text: string | null = null;
      if (m.msg_type === 'text' && typeof content?.text === 'string') text = content.text;
      if (m.msg_type === 'interactive' && m.card && typeof m.card === 'object')
        text = JSON.stringify(m.card);
      if (text === null) return refuse(19002, 'params error, msg_type need');
      return accept(text, m);
    },
  );
}
