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

async function startFake(
  kind: RobotKind,
  handle: (req: IncomingMessage, url: URL, body: string) => { status: number; answer: object },
  pathOf: (port: number) => string,
): Promise<{ server: Server; url: string }> {
  const { key, cert } = testCertificates();
  const server = createServer({ key, cert }, (req: IncomingMessage, res: ServerResponse) => {
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
            : handle(req, url, body);
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return { server, url: `https://127.0.0.1:${port}${pathOf(port)}` };
}

const stopper = (server: Server) => () =>
  new Promise<void>((r) => {
    server.closeAllConnections();
    server.close(() => r());
  });

/** A WeCom group robot: the key in the address is its only check. */
export async function startFakeWecom(robotKey = 'wecom-test-key'): Promise<FakeRobot> {
  const robot = {
    kind: 'wecom' as const,
    secret: '' as string,
    accepted: [] as RobotMessage[],
    refused: [] as Refusal[],
  };
  const refuse = (code: number, reason: string) => {
    robot.refused.push({ code, reason, at: Date.now() });
    return { status: 200, answer: { errcode: code, errmsg: reason } };
  };
  const { server, url } = await startFake(
    'wecom',
    (_req, u, body) => {
      if (u.pathname !== '/cgi-bin/webhook/send') return { status: 404, answer: { errcode: 404 } };
      if (u.searchParams.get('key') !== robotKey) return refuse(93000, 'invalid webhook url');
      const m = parse(body);
      const text = m && msgtypeText(m);
      if (!m || text === null) return refuse(40008, 'invalid message type');
      if (Buffer.byteLength(text) > (m.msgtype === 'text' ? 2048 : 4096))
        return refuse(40058, 'content exceed max length');
      robot.accepted.push({ text, body: m, at: Date.now() });
      return { status: 200, answer: { errcode: 0, errmsg: 'ok' } };
    },
    () => `/cgi-bin/webhook/send?key=${robotKey}`,
  );
  return Object.assign(robot, { url, stop: stopper(server) });
}

/** The DingTalk signature, computed from the documentation (not the app's code). */
export function dingtalkExpectedSign(timestamp: string, secret: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(Buffer.from(`${timestamp}\n${secret}`, 'utf8'))
    .digest('base64');
}

/** A DingTalk custom robot with 加签. `clock`: DingTalk's time (tests may move it). */
export async function startFakeDingtalk(
  secret = 'SECdingtalk-test-secret-0123456789abcdef',
  accessToken = 'dingtalk-test-token',
  clock: () => number = Date.now,
): Promise<FakeRobot> {
  const robot = {
    kind: 'dingtalk' as const,
    secret: secret as string,
    accepted: [] as RobotMessage[],
    refused: [] as Refusal[],
  };
  const refuse = (code: number, reason: string) => {
    robot.refused.push({ code, reason, at: Date.now() });
    return { status: 200, answer: { errcode: code, errmsg: reason } };
  };
  const { server, url } = await startFake(
    'dingtalk',
    (_req, u, body) => {
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
      robot.accepted.push({ text, body: m, at: Date.now() });
      return { status: 200, answer: { errcode: 0, errmsg: 'ok' } };
    },
    () => `/robot/send?access_token=${accessToken}`,
  );
  return Object.assign(robot, { url, stop: stopper(server) });
}

/** The Feishu signature, computed from the documentation (not the app's code). */
export function feishuExpectedSign(timestamp: string, secret: string): string {
  return createHmac('sha256', Buffer.from(`${timestamp}\n${secret}`, 'utf8'))
    .update(Buffer.alloc(0))
    .digest('base64');
}

/** A Feishu/Lark custom bot with 签名校验. */
export async function startFakeFeishu(
  secret = 'feishu-test-secret-abcdefghij',
  hookId = '0b1f7a52-5e3d-4d78-bd07-265f269f86fd',
  clock: () => number = Date.now,
): Promise<FakeRobot> {
  const robot = {
    kind: 'feishu' as const,
    secret: secret as string,
    accepted: [] as RobotMessage[],
    refused: [] as Refusal[],
  };
  const refuse = (code: number, reason: string) => {
    robot.refused.push({ code, reason, at: Date.now() });
    return { status: 200, answer: { code, data: {}, msg: reason } };
  };
  const { server, url } = await startFake(
    'feishu',
    (_req, u, body) => {
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
      robot.accepted.push({ text, body: m, at: Date.now() });
      return { status: 200, answer: { code: 0, data: {}, msg: 'success' } };
    },
    () => `/open-apis/bot/v2/hook/${hookId}`,
  );
  return Object.assign(robot, { url, stop: stopper(server) });
}
