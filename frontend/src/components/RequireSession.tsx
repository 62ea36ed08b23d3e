import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../lib/session';
import { loginPath } from './guards';
import { PageLoader } from './PageLoader';

/**
 * Renders its children (or the nested routes) only with a session; otherwise sends the visitor to
 * /login?redirect=<this page>. A session call that keeps failing counts as signed out.
 */
export function RequireSession({ children }: { children?: ReactNode }) {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageLoader />;
  if (!data) return <Navigate to={loginPath(location)} replace />;
  return children ?? <Outlet />;
}
