import { describe, expect, it } from 'vitest';
import { sessionQueryKey } from '../lib/session';
import { jsonResponse, mockFetch } from '../test/fetch';
import { renderIn } from '../test/i18n';
import { makeLicenseList } from '../test/licenses';
import { makePlans } from '../test/plans';
import { createTestQueryClient, screen, waitFor, within } from '../test/render';
import { makeSession } from '../test/session';
import DashboardPage from './dashboard';

/** The console as the pricing page's Buy opens it (/dashboard?buy=<tier>), for a customer without seats. */
async function openConsole(route: string, language: 'en' | 'zh-CN' = 'en') {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionQueryKey, makeSession());
  mockFetch(({ method, url }) => {
    const key = `${method} ${url}`;
    if (key === 'GET /api/apitokens/token')
      return jsonResponse({ userToken: null, plainToken: null, hasToken: false });
    if (key === 'GET /api/apitokens/licenses') return jsonResponse(makeLicenseList([]));
    if (key === 'POST /api/apitokens/licenses/initialize-vip')
      return jsonResponse({
        message: 'User not eligible for VIP licenses yet',
        isVipEligible: false,
      });
    if (key === 'GET /api/plans') return jsonResponse(makePlans(null));
    return jsonResponse({ statusCode: 404, message: 'Not Found' }, 404);
  });
  return renderIn(language, <DashboardPage />, { route, path: '/dashboard', queryClient });
}

describe('DashboardPage ?buy=', () => {
  it('opens the plan picker with the plan the link names marked and focused', async () => {
    await openConsole('/dashboard?buy=pro');
    const picker = await screen.findByRole('dialog');
    const pro = await within(picker).findByRole('article', { name: 'Pro' });
    expect(pro).toHaveAttribute('data-preselected', 'true');
    expect(within(picker).getByRole('article', { name: 'Basic' })).not.toHaveAttribute(
      'data-preselected',
    );
    await waitFor(() => expect(within(pro).getByRole('button')).toHaveFocus());
  });

  it('opens it in Chinese too', async () => {
    await openConsole('/dashboard?buy=ultra', 'zh-CN');
    const picker = await screen.findByRole('dialog');
    const max = await within(picker).findByRole('article', { name: 'Max' });
    expect(max).toHaveAttribute('data-preselected', 'true');
    await waitFor(() => expect(within(max).getByRole('button')).toHaveFocus());
  });

  it('ignores a tier that does not exist, and no parameter opens nothing', async () => {
    await openConsole('/dashboard?buy=gold');
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
