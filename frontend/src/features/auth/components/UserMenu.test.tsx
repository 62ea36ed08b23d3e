import { describe, expect, it, vi } from 'vitest';
import type { Roles, SessionUser } from '../../../lib/session';
import { render, screen, waitFor } from '../../../test/render';
import { UserMenu } from './UserMenu';

const alice: SessionUser = {
  id: 'u1',
  name: 'alice',
  email: 'alice@example.com',
  image: null,
  emailVerified: true,
};
const plain: Roles = { isAdmin: false, isQuizManager: false };

function setup(props: Partial<Parameters<typeof UserMenu>[0]> = {}) {
  const onLogout = vi.fn();
  const result = render(
    <>
      <p>outside</p>
      <UserMenu user={alice} roles={plain} hasVipLicense={false} onLogout={onLogout} {...props} />
    </>,
  );
  const open = () => result.user.click(screen.getByRole('button', { name: 'user menu' }));
  return { ...result, onLogout, open };
}

const linkNames = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

describe('UserMenu', () => {
  it('is closed until the avatar is clicked, then shows name and e-mail', async () => {
    const { open } = setup();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await open();
    const menu = screen.getByRole('menu');
    expect(menu).toHaveTextContent('alice');
    expect(menu).toHaveTextContent('alice@example.com');
  });

  it('gives a plain user console, orders, profile and logout, without quiz or admin links', async () => {
    const { open } = setup();
    await open();
    expect(linkNames()).toEqual(['console', 'orders', 'profile', 'logout']);
    expect(screen.getByRole('menuitem', { name: 'console' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('menuitem', { name: 'orders' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('menuitem', { name: 'profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('menuitem', { name: 'quiz' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'VIP management' })).not.toBeInTheDocument();
  });

  it('shows the quiz to an active vip licence holder', async () => {
    const { open } = setup({ hasVipLicense: true });
    await open();
    expect(screen.getByRole('menuitem', { name: 'quiz' })).toHaveAttribute('href', '/quiz');
    expect(screen.queryByRole('menuitem', { name: 'quiz management' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('menuitem', { name: 'subscription management' }),
    ).not.toBeInTheDocument();
  });

  it('shows a quiz manager quiz management only', async () => {
    const { open } = setup({ roles: { isAdmin: false, isQuizManager: true } });
    await open();
    expect(linkNames()).toEqual(['console', 'orders', 'profile', 'quiz management', 'logout']);
    expect(screen.getByRole('menuitem', { name: 'quiz management' })).toHaveAttribute(
      'href',
      '/admin/quiz',
    );
  });

  it('shows an admin one back-office entry, to the back office dashboard', async () => {
    const { open } = setup({ roles: { isAdmin: true, isQuizManager: true } });
    await open();
    expect(linkNames()).toEqual(['console', 'orders', 'profile', 'quiz', 'admin', 'logout']);
    expect(screen.getByRole('menuitem', { name: 'admin' })).toHaveAttribute('href', '/admin');
  });

  it('shows the user image when there is one', () => {
    const { container } = setup({ user: { ...alice, image: 'https://example.com/a.png' } });
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', 'https://example.com/a.png');
  });

  it('shows the first letter of the name without an image', () => {
    const { container } = setup();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'user menu' })).toHaveTextContent(/^A$/);
  });

  it("shows 'U' without an image or a name", () => {
    setup({ user: { ...alice, name: '' } });
    expect(screen.getByRole('button', { name: 'user menu' })).toHaveTextContent(/^U$/);
  });

  it('closes on a click outside', async () => {
    const { open, user } = setup();
    await open();
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByText('outside'));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('toggles on clicks on the avatar', async () => {
    const { open } = setup();
    await open();
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await open();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('calls the logout handler', async () => {
    const { open, user, onLogout } = setup();
    await open();
    await user.click(screen.getByRole('menuitem', { name: 'logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
