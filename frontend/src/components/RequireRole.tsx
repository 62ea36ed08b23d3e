import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../lib/session';
import { hasRole, loginPath, type RequiredRole } from './guards';
import { PageLoader } from './PageLoader';

/**
 * Admin pages (docs/product.md#screens Admin routes): no session → /login?redirect=<this page>; signed in without the
 * role → /dashboard. role="quiz-admin" also lets quiz managers in.
 */
export function RequireRole({ role, children }: { role: RequiredRole; children?: ReactNode }) {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageLoader />;
  if (!data) return <Navigate to={loginPath(location)} replace />;
  if (!hasRole(data.roles, role)) return <Navigate to="/dashboard" replace />;
  return children ?? <Outlet />;
}
