import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '../lib/session';
import { mockApi, type ApiAnswer } from '../test/api';
import { renderIn, tr } from '../test/i18n';
import { createTestQueryClient, screen, waitFor } from '../test/render';
import LoginPage, { loginErrorReasonKey } from './login';

const GOOGLE = { id: 'google', name: 'Google', development: false };
const WECHAT = { id: 'wechat', name: 'WeChat', development: false };

function server(providers: ApiAnswer<'GET /api/auth/providers'>) {
  return mockApi({ 'GET /api/auth/providers': () => providers });
}

async function setup(language: 'en' | 'zh-CN', route = '/login?redirect=/orders') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionQueryKey, null);
  return renderIn(language, <LoginPage />, { route, path: '/login', queryClient });
}

afterEach(() => vi.unstubAllGlobals());

describe('LoginPage: WeChat scan-to-sign-in', () => {
  it('off (not configured): the page as before, Google only', async () => {
    server({ google: GOOGLE });
    await setup('en');
    expect(await screen.findByText(tr('en', 'login:intro'))).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('link', { name: /WeChat/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });

  it.each(['en', 'zh-CN'] as const)(
    'on (%s): "微信扫码登录" beside Google, a link to the start with the return path',
    async (language) => {
      server({ google: GOOGLE, wechat: WECHAT });
      await setup(language);
      const link = await screen.findByRole('link', { name: tr(language, 'login:wechat.button') });
      expect(link).toHaveAttribute('href', '/api/auth/wechat/start?callbackURL=%2Forders');
      expect(screen.getByText(tr(language, 'login:wechat.intro'))).toBeInTheDocument();
      if (language === 'zh-CN') expect(link).toHaveTextContent('微信扫码登录');
    },
  );

  it('inside WeChat on a phone: says the QR cannot be scanned there, keeps Google', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47 NetType/WIFI Language/zh_CN',
    );
    server({ google: GOOGLE, wechat: WECHAT });
    await setup('zh-CN');
    expect(await screen.findByText(tr('zh-CN', 'login:wechat.inWechat'))).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: tr('zh-CN', 'login:wechat.button') })).toBeNull();
    expect(screen.getByRole('button', { name: tr('zh-CN', 'login:google') })).toBeEnabled();
    vi.restoreAllMocks();
  });

  it.each([
    ['WechatState', 'en'],
    ['WechatCode', 'zh-CN'],
    ['WechatDenied', 'en'],
    ['WechatFailed', 'zh-CN'],
  ] as const)('says why for ?error=%s (%s)', async (error, language) => {
    server({ google: GOOGLE, wechat: WECHAT });
    await setup(language, `/login?error=${error}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(tr(language, `login:wechat.errors.${error}`));
    expect(loginErrorReasonKey(error)).toBe(`wechat.errors.${error}`);
  });

  it('the Chinese and English texts differ (both catalogues filled)', () => {
    for (const key of ['button', 'intro', 'inWechat', 'errors.WechatCode'])
      expect(tr('zh-CN', `login:wechat.${key}`)).not.toBe(tr('en', `login:wechat.${key}`));
  });
});

describe('waits for the providers', () => {
  it('shows WeChat only once the server says so', async () => {
    server({ google: GOOGLE, wechat: WECHAT });
    await setup('en');
    await waitFor(() => expect(screen.getByRole('link', { name: /WeChat/ })).toBeInTheDocument());
  });
});
