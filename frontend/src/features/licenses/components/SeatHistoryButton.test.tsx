import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { setTestLanguage } from '../../../test/i18n';
import { makeLicense, makeLicenseList } from '../../../test/licenses';
import { createTestQueryClient, render, screen, within } from '../../../test/render';
import type { License } from '../../../lib/api/licenses';
import type { SeatHistory } from '../api/get-seat-history';
import { LicenseSeatsBlock, SEAT_CARDS_QUERY } from './LicenseSeatsBlock';
import { licensesQueryKey } from '../../../lib/api/query-keys';

function history(id: string): SeatHistory {
  return {
    licenseId: id,
    seatIndex: 1,
    events: [
      {
        kind: 'bind',
        by: 'customer',
        actor: 'me@shop.test',
        at: new Date(2026, 2, 1, 9, 0).toISOString(),
        from: null,
        to: 'https://a-blog.cn',
        ip: '198.51.100.7',
        changesLeft: 2,
        reason: null,
      },
      {
        kind: 'bind',
        by: 'customer',
        actor: 'me@shop.test',
        at: new Date(2026, 2, 2, 9, 0).toISOString(),
        from: 'https://a-blog.cn',
        to: 'https://b-blog.cn',
        ip: '198.51.100.8',
        changesLeft: 1,
        reason: null,
      },
      {
        kind: 'domain',
        by: 'admin',
        actor: null,
        at: new Date(2026, 2, 3, 9, 0).toISOString(),
        from: 'https://b-blog.cn',
        to: 'https://c-blog.cn',
        ip: null,
        changesLeft: null,
        reason: null,
      },
    ],
  };
}

function setup(licenses: License[]) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(licensesQueryKey, makeLicenseList(licenses));
  const fetch = mockApi({
    'GET /api/apitokens/licenses/{id}/history': ({ params }) => history(params.id!),
  });
  const { user } = render(<LicenseSeatsBlock />, { queryClient });
  const historyCalls = () => fetch.calls.filter((c) => c.url.includes('/history'));
  return { historyCalls, user };
}

const seat = () => makeLicense({ seatIndex: 1, websiteUrl: 'https://c-blog.cn' });

describe("a seat's history in the customer's console", () => {
  it("is read only when opened, and lists binds with their address and the store's change without an e-mail", async () => {
    const { historyCalls, user } = setup([seat()]);
    expect(historyCalls()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'History of seat #1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Seat #1 history' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Bound none → https://a-blog.cn');
    expect(items[0]).toHaveTextContent('by you');
    expect(items[0]).toHaveTextContent('from 198.51.100.7');
    expect(items[0]).toHaveTextContent('2 changes left');
    expect(items[1]).toHaveTextContent('Bound https://a-blog.cn → https://b-blog.cn');
    expect(items[1]).toHaveTextContent('1 change left');
    expect(items[2]).toHaveTextContent('Domain changed https://b-blog.cn → https://c-blog.cn');
    expect(items[2]).toHaveTextContent('by the store');
    expect(items[2]).not.toHaveTextContent('@');
    expect(historyCalls()).toHaveLength(1);
  });

  it('says it in Chinese, on a phone card too', async () => {
    await setTestLanguage('zh-CN');
    vi.stubGlobal(
      'matchMedia',
      vi.fn().mockImplementation((query: string) => ({
        matches: query === SEAT_CARDS_QUERY,
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      })),
    );
    const { user } = setup([seat()]);
    const card = await screen.findByRole('listitem', { name: '座位 #1' });
    await user.click(within(card).getByRole('button', { name: '座位 #1 的绑定记录' }));
    const dialog = await screen.findByRole('dialog', { name: '座位 #1 的绑定记录' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('绑定 无 → https://a-blog.cn');
    expect(items[0]).toHaveTextContent('由你操作');
    expect(items[0]).toHaveTextContent('来自 198.51.100.7');
    expect(items[0]).toHaveTextContent('剩余 2 次换绑');
    expect(items[2]).toHaveTextContent('修改域名 https://b-blog.cn → https://c-blog.cn');
    expect(items[2]).toHaveTextContent('由商家操作');
    expect(within(dialog).getByRole('button', { name: '关闭' })).toBeInTheDocument();
  });
});
