import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch';
import { setTestLanguage } from '../test/i18n';
import { render, screen, waitFor } from '../test/render';
import VerifyPage from './verify';

const TOKEN = 'f'.repeat(64);

function setup(handler: Parameters<typeof mockFetch>[0] = () => jsonResponse({})) {
  const fetch = mockFetch(handler);
  return { ...render(<VerifyPage />, { route: '/verify' }), ...fetch };
}

const textarea = () => screen.getByRole('textbox', { name: /API Token/ });
const verifyButton = () => screen.getByRole('button', { name: 'Verify Token' });

describe('VerifyPage', () => {
  it('starts idle: title, a required textarea, no result and no Clear button', () => {
    setup();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Token Verification' }),
    ).toBeInTheDocument();
    expect(textarea()).toBeRequired();
    expect(verifyButton()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Valid Token|Invalid Token/)).not.toBeInTheDocument();
  });

  it('asks for a token when the textarea is empty after trimming', async () => {
    const { user, calls } = setup();
    await user.type(textarea(), '   ');
    await user.click(verifyButton());
    expect(await screen.findByText('Please enter a token to verify')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('verifies a valid token: verifying, then Valid Token with its details', async () => {
    let answer!: (response: Response) => void;
    const { user, calls } = setup(() => new Promise<Response>((resolve) => (answer = resolve)));
    await user.type(textarea(), `  ${TOKEN}\n`);
    await user.click(verifyButton());
    await waitFor(() => expect(verifyButton()).toHaveAttribute('data-loading', 'true'));
    expect(calls[0]).toMatchObject({
      url: '/api/verify-token',
      method: 'POST',
      body: { token: TOKEN },
    });

    answer(
      jsonResponse({ valid: true, userId: 'user-7', tokenId: 'tok-9', message: 'Token is valid' }),
    );
    expect(await screen.findByText('Valid Token')).toBeInTheDocument();
    expect(screen.getByText('Token is valid!')).toBeInTheDocument();
    expect(screen.getByText('user-7')).toBeInTheDocument();
    expect(screen.getByText('tok-9')).toBeInTheDocument();
    expect(screen.getByText('Token is valid')).toBeInTheDocument();
  });

  it('shows Invalid Token and toasts for an unknown token', async () => {
    const { user } = setup(() =>
      jsonResponse({ valid: false, userId: null, tokenId: null, message: 'Invalid token' }),
    );
    await user.type(textarea(), 'nope');
    await user.click(verifyButton());
    expect(await screen.findByText('Invalid Token')).toBeInTheDocument();
    // The toast and the result's message (the server's fixed text, shown in the active language).
    expect(screen.getAllByText('Token is invalid or expired')).toHaveLength(2);
  });

  it("toasts 'Failed to verify token' when the call fails, and shows no result", async () => {
    const { user } = setup(() =>
      jsonResponse({ statusCode: 500, message: 'Internal server error' }, 500),
    );
    await user.type(textarea(), TOKEN);
    await user.click(verifyButton());
    expect(await screen.findByText('Failed to verify token')).toBeInTheDocument();
    expect(screen.queryByText(/Valid Token|Invalid Token/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });

  it('clears the token and the result', async () => {
    const { user } = setup(() =>
      jsonResponse({ valid: true, userId: 'u', tokenId: 't', message: 'Token is valid' }),
    );
    await user.type(textarea(), TOKEN);
    await user.click(verifyButton());
    await user.click(await screen.findByRole('button', { name: 'Clear' }));
    expect(textarea()).toHaveValue('');
    expect(screen.queryByText('Valid Token')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });

  it('explains the bearer header with an example request for this site', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'How to use your token' })).toBeInTheDocument();
    expect(screen.getByText('Authorization: Bearer <token>')).toBeInTheDocument();
    expect(
      screen.getByText(
        (_, el) =>
          el?.tagName === 'PRE' &&
          el.textContent ===
            `curl -X POST ${window.location.origin}/api/verify-token \\\n  -H 'Authorization: Bearer <token>'`,
      ),
    ).toBeInTheDocument();
  });

  it('is in Chinese when the interface is Chinese: fields, toasts, result and help', async () => {
    await setTestLanguage('zh-CN');
    const { user } = setup(() =>
      jsonResponse({ valid: false, userId: null, tokenId: null, message: 'Invalid token' }),
    );
    expect(screen.getByRole('heading', { level: 1, name: '令牌验证' })).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: /API 令牌/ });
    await user.click(screen.getByRole('button', { name: '验证令牌' }));
    expect(await screen.findByText('请输入要验证的令牌')).toBeInTheDocument();
    await user.type(field, 'nope');
    await user.click(screen.getByRole('button', { name: '验证令牌' }));
    expect(await screen.findByText('令牌无效')).toBeInTheDocument();
    // The toast and the result's message: no English from the server on a Chinese screen.
    expect(screen.getAllByText('令牌无效或已过期')).toHaveLength(2);
    expect(screen.queryByText('Invalid token')).not.toBeInTheDocument();
    expect(screen.getByText('用户 ID：')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '清除' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '如何使用令牌' })).toBeInTheDocument();
    expect(screen.getByText('Authorization: Bearer <激活码>')).toBeInTheDocument();
  });
});
