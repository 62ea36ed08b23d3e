import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader';
import { RouteErrorBoundary } from './RouteError';

/**
 * Around every page, inside the layout: a loader while the page's code arrives (navigations run in a
 * transition, so the previous page stays until then) and an error screen if it fails, so the header
 * and footer always stay.
 */
export function PageBoundary() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
