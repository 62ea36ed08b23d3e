import { describe, expect, it } from 'vitest';
import { sessionQueryKey } from '../lib/session';
import { mockApi, status, type ApiAnswer, type ApiCall } from '../test/api';
import { renderIn, tr } from '../test/i18n';
import { createTestQueryClient, screen, waitFor } from '../test/render';
import { makeSession } from '../test/session';
import LoginPage from './login';

type Providers = ApiAnswer<'GET /api/auth/providers'>;
const BOTH = {
  google: { id: 'google', name: 'Google', development: true },
  email: { id: 'email', name: 'E-mail code' },
} satisfies Providers;
const error = (code: string, message: string, statusCode: number, extra: object = {}) =>
  status(statusCode, { statusCode, error: message, message, code, ...extra });
type Refusal = ReturnType<typeof error>;

/**
 * The server: providers, a session once the code was right, and the code endpoints: a code sent and the code
 * right, unless `refuse` answers the call's body with a refusal.
 */
function server(
  refuse: {
    send?: (body: ApiCall<'POST /api/auth/email-code'>['body']) => Refusal | undefined;
    verify?: (body: ApiCall<'POST /api/auth/email-code/verify'>['body']) => Refusal | undefined;
  } = {},
  providers: Providers = BOTH,
) {
  let signedIn = false;
  const session = makeSession();
  return mockApi({
    'GET /api/auth/providers': () => providers,
    'GET /api/auth/get-session': () => (signedIn ? session : null),
    'POST /api/auth/email-code': ({ body }) =>
      refuse.send?.(body) ?? { status: true, expiresInSeconds: 600 },
    'POST /api/auth/email-code/verify': ({ body }) => {
      const refusal = refuse.verify?.(body);
      if (refusal) return refusal;
      signedIn = true;
      return { status: true, user: session.user };
    },
  });
}

async function setup(language: 'en' | 'zh-CN', route = '/login?redirect=/orders') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionQueryKey, null);
  return renderIn(language, <LoginPage />, { route, path: '/login', queryClient });
}

describe('LoginPage: sign-in by e-mail code', () => {
  it('off (the providers do not list it): exactly the single Google button', async () => {
    const { calls } = server({}, { google: BOTH.google });
    await setup('en');
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.queryByText(tr('en', 'login:emailCode.start'))).not.toBeInTheDocument();
  });

  it('on: the address, then the code; a wrong code says so beside the field, the right one signs in', async () => {
    const { calls } = server({
      verify: ({ code }) =>
        code === '111111'
          ? error('EMAIL_CODE_INVALID', 'Wrong code', 400, { attemptsLeft: 4 })
          : undefined,
    });
    const { user } = await setup('en');
    await user.click(await screen.findByRole('button', { name: 'sign in with an e-mail code' }));
    await user.type(screen.getByLabelText(/E-mail address/), 'buyer@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We sent a 6-digit code to buyer@example.com. It works for 10 minutes.',
    );
    expect(calls.find((c) => c.url.endsWith('/api/auth/email-code'))!.body).toEqual({
      email: 'buyer@example.com',
    });
    // The resend waits for its countdown.
    expect(screen.getByRole('button', { name: /^New code in \d+ s$/ })).toBeDisabled();

    const code = screen.getByLabelText(/Code/);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Wrong code Attempts left: 4.')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await user.clear(code);
    await user.type(code, '12a3456');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/orders'));
    expect(calls.filter((c) => c.url.endsWith('/verify')).map((c) => c.body)).toEqual([
      { email: 'buyer@example.com', code: '111111' },
      { email: 'buyer@example.com', code: '123456' },
    ]);
  });

  it('speaks Chinese in zh-CN; too many codes: the error beside the address and the server’s wait', async () => {
    server({
      send: () =>
        error('EMAIL_CODE_RATE_LIMITED', 'Too many codes requested; retry later', 429, {
          retryAfter: 540,
        }),
    });
    const { user } = await setup('zh-CN');
    await user.click(await screen.findByRole('button', { name: '使用邮箱验证码登录' }));
    await user.type(screen.getByLabelText(/邮箱地址/), 'buyer@example.com');
    await user.click(screen.getByRole('button', { name: '发送验证码' }));
    expect(
      await screen.findByText(tr('zh-CN', 'errors:EMAIL_CODE_RATE_LIMITED')),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/邮箱地址/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: /^5(40|39) 秒后可重新发送$/ })).toBeDisabled();
  });

  it('says why when the address is locked for the day, or is an admin address, in both languages', async () => {
    server({
      send: ({ email }) =>
        email === 'admin@example.com'
          ? error('EMAIL_SIGN_IN_ADMIN_REFUSED', 'This address signs in with Google only', 403)
          : undefined,
      verify: () =>
        error(
          'EMAIL_CODE_DAILY_LOCKED',
          'Too many wrong codes today: sign-in by e-mail code is locked for this address until tomorrow',
          429,
          { retryAfter: 3600 },
        ),
    });
    const { user, unmount } = await setup('en');
    await user.click(await screen.findByRole('button', { name: 'sign in with an e-mail code' }));
    await user.type(screen.getByLabelText(/E-mail address/), 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('This address signs in with Google only')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/E-mail address/));
    await user.type(screen.getByLabelText(/E-mail address/), 'buyer@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.type(await screen.findByLabelText(/Code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText(
        'Too many wrong codes today: sign-in by e-mail code is locked for this address until tomorrow',
      ),
    ).toBeInTheDocument();
    unmount();

    const zh = await setup('zh-CN');
    await zh.user.click(await screen.findByRole('button', { name: '使用邮箱验证码登录' }));
    await zh.user.type(screen.getByLabelText(/邮箱地址/), 'admin@example.com');
    await zh.user.click(screen.getByRole('button', { name: '发送验证码' }));
    expect(await screen.findByText('该邮箱只能使用 Google 登录')).toBeInTheDocument();
  });

  it('in zh-CN, the code step and the wrong-code text are Chinese', async () => {
    server({ verify: () => error('EMAIL_CODE_INVALID', 'Wrong code', 400, { attemptsLeft: 2 }) });
    const { user } = await setup('zh-CN');
    await user.click(await screen.findByRole('button', { name: '使用邮箱验证码登录' }));
    await user.type(screen.getByLabelText(/邮箱地址/), 'a@example.com');
    await user.click(screen.getByRole('button', { name: '发送验证码' }));
    expect(await screen.findByRole('status')).toHaveTextContent('验证码已发送至 a@example.com');
    await user.type(screen.getByLabelText(/验证码/), '000000');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(
      await screen.findByText(`${tr('zh-CN', 'errors:EMAIL_CODE_INVALID')} 还可尝试 2 次。`),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '使用其他邮箱' })).toBeInTheDocument();
  });
});
