import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '../../../lib/session';
import { mockApi } from '../../../test/api';
import { renderIn, tr } from '../../../test/i18n';
import { createTestQueryClient, screen, waitFor } from '../../../test/render';
import { makeSession } from '../../../test/session';
import { canUnlink, WaysInSection, type WayIn } from './WaysInSection';

const way = (w: WayIn['way'], linked: boolean, label: string | null = null): WayIn => ({
  way: w,
  linked,
  offered: true,
  label,
  since: null,
});

/**
 * The server of the signed-in account's ways in: unlinking one answers the ways left, and the WeChat e-mail
 * step's code proves the address, which becomes the account's (its e-mail way linked, no longer awaiting).
 */
function server(initial: { ways: WayIn[]; awaitingEmail: boolean }) {
  let state = initial;
  return mockApi({
    'GET /api/auth/ways-in': () => state,
    'POST /api/auth/ways-in/unlink': ({ body }) => {
      state = {
        ...state,
        ways: state.ways.map((w) =>
          w.way === body.way ? { ...w, linked: false, label: null } : w,
        ),
      };
      return state;
    },
    'POST /api/auth/wechat/email-code': () => ({ status: true, expiresInSeconds: 600 }),
    'POST /api/auth/wechat/email-code/verify': ({ body }) => {
      state = {
        awaitingEmail: false,
        ways: state.ways.map((w) =>
          w.way === 'email' ? { ...w, linked: true, label: body.email } : w,
        ),
      };
      return { status: true, user: { ...makeSession().user, email: body.email } };
    },
  });
}

async function setup(language: 'en' | 'zh-CN', route = '/profile') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionQueryKey, makeSession());
  return renderIn(language, <WaysInSection />, { route, path: '/profile', queryClient });
}

afterEach(() => vi.unstubAllGlobals());

describe('canUnlink', () => {
  it('never the last linked way, never the e-mail', () => {
    const ways = [way('google', true), way('wechat', false), way('email', false)];
    expect(canUnlink(ways, ways[0]!)).toBe(false);
    const two = [way('google', true), way('wechat', true), way('email', true)];
    expect(canUnlink(two, two[0]!)).toBe(true);
    expect(canUnlink(two, two[2]!)).toBe(false);
  });
});

describe('WaysInSection', () => {
  it.each(['en', 'zh-CN'] as const)(
    'lists the ways in (%s); links WeChat through its flow; unlinks Google when WeChat remains',
    async (language) => {
      const { calls } = server({
        ways: [way('google', true, 'a@example.com'), way('wechat', false), way('email', false)],
        awaitingEmail: false,
      });
      const { user } = await setup(language);
      const wechat = tr(language, 'profile:waysIn.names.wechat');
      const link = await screen.findByRole('link', {
        name: tr(language, 'profile:waysIn.linkLabel', { way: wechat }),
      });
      expect(link).toHaveAttribute('href', '/api/auth/wechat/link?callbackURL=%2Fprofile');
      const google = tr(language, 'profile:waysIn.names.google');
      const unlink = screen.getByRole('button', {
        name: tr(language, 'profile:waysIn.unlinkLabel', { way: google }),
      });
      // Google is the only way in: it cannot be unlinked.
      expect(unlink).toBeDisabled();
      expect(screen.getByText(tr(language, 'profile:waysIn.lastOne'))).toBeInTheDocument();
      expect(calls.some((c) => c.url.endsWith('/unlink'))).toBe(false);
      void user;
    },
  );

  it('unlinks one of two, and offers to link it again', async () => {
    const { calls } = server({
      ways: [
        way('google', true, 'a@example.com'),
        way('wechat', true, '小明'),
        way('email', false),
      ],
      awaitingEmail: false,
    });
    const { user } = await setup('en');
    await user.click(await screen.findByRole('button', { name: 'Unlink WeChat' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/api/auth/ways-in/unlink'))?.body).toEqual({
        way: 'wechat',
      }),
    );
    expect(await screen.findByRole('link', { name: 'Link WeChat' })).toBeInTheDocument();
  });

  it('an account made by WeChat is asked for its e-mail, proved by the WeChat e-mail step', async () => {
    const { calls } = server({
      ways: [way('google', false), way('wechat', true, '小明'), way('email', false)],
      awaitingEmail: true,
    });
    const { user } = await setup('zh-CN');
    expect(await screen.findByText(tr('zh-CN', 'profile:waysIn.email.why'))).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /邮箱地址/ }), 'buyer@example.com');
    await user.click(screen.getByRole('button', { name: tr('zh-CN', 'login:emailCode.send') }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/api/auth/wechat/email-code'))?.body).toEqual({
        email: 'buyer@example.com',
      }),
    );
    await user.type(await screen.findByRole('textbox', { name: /验证码/ }), '123456');
    await user.click(screen.getByRole('button', { name: tr('zh-CN', 'login:emailCode.confirm') }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/api/auth/wechat/email-code/verify'))?.body).toEqual(
        { email: 'buyer@example.com', code: '123456' },
      ),
    );
  });

  it.each(['en', 'zh-CN'] as const)(
    'an account without Google links it through the provider (%s), and is told when it worked',
    async (language) => {
      server({
        ways: [way('google', false), way('wechat', true, '小明'), way('email', false)],
        awaitingEmail: false,
      });
      await setup(language, '/profile?linked=google');
      const google = tr(language, 'profile:waysIn.names.google');
      expect(
        await screen.findByRole('link', {
          name: tr(language, 'profile:waysIn.linkLabel', { way: google }),
        }),
      ).toHaveAttribute('href', '/api/auth/link/google?callbackURL=%2Fprofile');
      expect(
        await screen.findByText(tr(language, 'profile:waysIn.linked', { way: google })),
      ).toBeInTheDocument();
    },
  );

  it('offers no Google link when the store has no Google sign-in', async () => {
    server({
      ways: [{ ...way('google', false), offered: false }, way('wechat', true), way('email', false)],
      awaitingEmail: false,
    });
    await setup('en');
    expect(await screen.findByText('WeChat')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Link Google' })).not.toBeInTheDocument();
  });

  it.each(['GoogleLinkedElsewhere', 'GoogleHasAnother', 'GoogleLinkFailed'])(
    'says why a Google link failed (?error=%s)',
    async (error) => {
      server({
        ways: [way('google', false), way('wechat', true), way('email', false)],
        awaitingEmail: false,
      });
      await setup('zh-CN', `/profile?error=${error}`);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        tr('zh-CN', `profile:waysIn.errors.${error}`),
      );
    },
  );

  it('says why a WeChat link failed (?error=WechatLinkedElsewhere)', async () => {
    server({
      ways: [way('google', true), way('wechat', false), way('email', false)],
      awaitingEmail: false,
    });
    await setup('en', '/profile?error=WechatLinkedElsewhere');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      tr('en', 'profile:waysIn.errors.WechatLinkedElsewhere'),
    );
  });
});
