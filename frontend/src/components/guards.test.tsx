import { describe, expect, it } from 'vitest';
import { Route, Routes, useLocation } from 'react-router-dom';
import { sessionQueryKey, type Session } from '../lib/session';
import { mockFetch } from '../test/fetch';
import { createTestQueryClient, render, screen } from '../test/render';
import { makeSession } from '../test/session';
import { loginPath } from './guards';
import { RequireRole } from './RequireRole';
import { RequireSession } from './RequireSession';

function setup(session: Session | null | 'pending', route: string) {
  const queryClient = createTestQueryClient();
  if (session === 'pending') mockFetch(() => new Promise<Response>(() => {}));
  else queryClient.setQueryData(sessionQueryKey, session);
  return render(
    <Routes>
      <Route element={<RequireSession />}>
        <Route path="/dashboard" element={<h1>console page</h1>} />
      </Route>
      <Route element={<RequireRole role="admin" />}>
        <Route path="/admin/vip-emails" element={<h1>vip page</h1>} />
      </Route>
      <Route element={<RequireRole role="quiz-admin" />}>
        <Route path="/admin/quiz" element={<h1>quiz admin page</h1>} />
      </Route>
      <Route path="*" element={<LocationText />} />
    </Routes>,
    { route, queryClient },
  );
}

function LocationText() {
  const location = useLocation();
  return <p data-testid="at">{location.pathname + location.search}</p>;
}

describe('loginPath', () => {
  it('encodes the current path and query as the redirect value', () => {
    expect(loginPath({ pathname: '/dashboard', search: '' })).toBe('/login?redirect=%2Fdashboard');
    expect(loginPath({ pathname: '/orders', search: '?page=2' })).toBe(
      '/login?redirect=%2Forders%3Fpage%3D2',
    );
  });
});

describe('RequireSession', () => {
  it('shows a loader while the session loads', () => {
    setup('pending', '/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('sends visitors without a session to the login page with redirect', () => {
    setup(null, '/dashboard');
    expect(screen.getByTestId('at')).toHaveTextContent('/login?redirect=%2Fdashboard');
  });

  it('shows the page with a session', () => {
    setup(makeSession(), '/dashboard');
    expect(screen.getByRole('heading', { name: 'console page' })).toBeInTheDocument();
  });
});

describe('RequireRole', () => {
  it('sends visitors without a session to login, naming the admin page', () => {
    setup(null, '/admin/vip-emails');
    expect(screen.getByTestId('at')).toHaveTextContent('/login?redirect=%2Fadmin%2Fvip-emails');
  });

  it('sends signed-in non-admins to /dashboard', () => {
    setup(makeSession(), '/admin/vip-emails');
    expect(screen.getByRole('heading', { name: 'console page' })).toBeInTheDocument();
  });

  it('lets admins in', () => {
    setup(makeSession({ roles: { isAdmin: true } }), '/admin/vip-emails');
    expect(screen.getByRole('heading', { name: 'vip page' })).toBeInTheDocument();
  });

  it('lets quiz managers into quiz management only', () => {
    setup(makeSession({ roles: { isQuizManager: true } }), '/admin/quiz');
    expect(screen.getByRole('heading', { name: 'quiz admin page' })).toBeInTheDocument();
  });

  it('keeps quiz managers out of the other admin pages', () => {
    setup(makeSession({ roles: { isQuizManager: true } }), '/admin/vip-emails');
    expect(screen.getByRole('heading', { name: 'console page' })).toBeInTheDocument();
  });
});
