import { parseWechatAnswer, WechatApiError, type WechatUserInfo } from './wechat-sign-in-rules';

const TIMEOUT_MS = 10_000;

async function getJson(url: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
    text = await res.text();
  } catch (e) {
    throw new WechatApiError(-1, (e as Error).message.slice(0, 200));
  }
  return parseWechatAnswer(text);
}

const str = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * WeChat's website sign-in API (docs/sign-in.md): the code for an access token, then the user's profile.
 * The secret goes in the query string as WeChat requires (server to server, never logged: errors carry
 * only errcode and errmsg).
 */
export class WechatApiClient {
  constructor(
    private readonly apiBase: string,
    private readonly appId: string,
    private readonly appSecret: string,
  ) {}

  /** GET /sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code. */
  async exchangeCode(
    code: string,
  ): Promise<{ accessToken: string; openid: string; unionid?: string }> {
    const params = new URLSearchParams({
      appid: this.appId,
      secret: this.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    const body = await getJson(`${this.apiBase}/sns/oauth2/access_token?${params}`);
    const accessToken = str(body.access_token);
    const openid = str(body.openid);
    if (!accessToken || !openid) throw new WechatApiError(-2, 'no access_token or openid');
    return { accessToken, openid, unionid: str(body.unionid) };
  }

  /** GET /sns/userinfo?access_token&openid (lang zh_CN). */
  async userInfo(accessToken: string, openid: string): Promise<WechatUserInfo> {
    const params = new URLSearchParams({ access_token: accessToken, openid, lang: 'zh_CN' });
    const body = await getJson(`${this.apiBase}/sns/userinfo?${params}`);
    const gotOpenid = str(body.openid);
    if (gotOpenid !== openid) throw new WechatApiError(-2, 'userinfo for another openid');
    return {
      openid,
      unionid: str(body.unionid),
      nickname: str(body.nickname)?.slice(0, 100),
      headimgurl: str(body.headimgurl)?.slice(0, 500),
    };
  }
}
