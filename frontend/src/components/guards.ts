import type { Location } from 'react-router-dom';
import type { Roles } from '../lib/session';

/** '/login?redirect=%2Fdashboard': the page to come back to, as one encoded query value. */
export function loginPath(location: Pick<Location, 'pathname' | 'search'>): string {
  return `/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
}

export type RequiredRole = 'admin' | 'quiz-admin';

/** Admin pages: admins only; the quiz admin page: admins and quiz managers. */
export function hasRole(roles: Roles | undefined, role: RequiredRole): boolean {
  if (!roles) return false;
  return role === 'admin' ? roles.isAdmin : roles.isAdmin || roles.isQuizManager;
}
