import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type FetchCall } from '../../../test/fetch';
import { setTestLanguage } from '../../../test/i18n';
import { makeLicense, makeLicenseList } from '../../../test/licenses';
import { createTestQueryClient, render, screen, waitFor, within } from '../../../test/render';
import type { License } from '../../../lib/api/licenses';
import { LicenseSeatsBlock, SEAT_CARDS_QUERY } from './LicenseSeatsBlock';
import { licensesQueryKey } from '../../../lib/api/query-keys';

const CHECKED_AT = new Date(2026, 10, 25, 9, 30).toISOString();

function setup(
  licenses: License[],
  answer: (call: FetchCall) => Response = (call) =>
    jsonResponse({ license: makeLicense({ websiteUrl: 'x' }), action: 'rebound', call }),
) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(licensesQueryKey, makeLicenseList(licenses));
  const fetch = mockFetch((call) =>
    call.method === 'GET' ? jsonResponse(makeLicenseList(licenses)) : answer(call),
  );
  const view = render(
    <LicenseSeatsBlock
      renderSettings={(l) => <button type="button">{`AI settings #${l.seatIndex}`}</button>}
    />,
    { queryClient },
  );
  const binds = () => fetch.calls.filter((c) => c.method === 'POST');
  return { ...view, binds };
}

const boundSeat = (overrides: Partial<License> = {}) =>
  makeLicense({ seatIndex: 1, websiteUrl: 'https://old-blog.cn', ...overrides });

/** Phones: the media query of the seat cards matches. */
function onPhone() {
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
}

describe('LicenseSeatsBlock: the seat rows', () => {
  it("shows each seat's changes left and its last licence check", () => {
    setup([
      boundSeat({ bindingChangesLeft: 2, lastCheckedAt: CHECKED_AT }),
      makeLicense({ seatIndex: 2, websiteUrl: 'https://shop.cn', bindingChangesLeft: 1 }),
      makeLicense({ seatIndex: 3, websiteUrl: 'https://full.cn', bindingChangesLeft: 0 }),
    ]);
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('2 rebinding chances left')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('November 25, 2026 at 9:30 AM')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('last rebinding chance')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('not checked yet')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('you have used all rebinding chances')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'last check' })).toBeInTheDocument();
    // The domain's name carries the count too.
    expect(
      screen.getByRole('button', { name: 'rebind seat #1: https://old-blog.cn' }),
    ).toHaveAccessibleDescription('2 rebinding chances left');
  });

  it('confirms a rebind in a dialog beside the field that states the count after it, and sends a bare host as https', async () => {
    const { user, binds } = setup([boundSeat({ bindingChangesLeft: 2 })]);
    await user.click(screen.getByRole('button', { name: 'rebind seat #1: https://old-blog.cn' }));
    const input = screen.getByRole('textbox', { name: 'website URL for seat #1' });
    await user.clear(input);
    await user.type(input, 'my-blog.cn{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'confirm rebinding' });
    expect(dialog).toHaveAccessibleDescription(
      'Move seat #1 from https://old-blog.cn to https://my-blog.cn? After this, 1 rebinding chance will be left.',
    );
    expect(binds()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'confirm rebinding' }));
    await waitFor(() => expect(binds()).toHaveLength(1));
    expect(binds()[0]).toMatchObject({
      url: expect.stringContaining('/api/apitokens/licenses/lic-1/bind'),
      body: { websiteUrl: 'https://my-blog.cn' },
    });
    // Saved: the editor closes and focus is back on the domain.
    await waitFor(() =>
      expect(
        screen.queryByRole('textbox', { name: 'website URL for seat #1' }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: /^rebind seat #1/ })).toHaveFocus();
  });

  it('says no change will be left when the last one is used, and cancelling sends nothing', async () => {
    const { user, binds } = setup([boundSeat({ bindingChangesLeft: 1 })]);
    await user.click(screen.getByRole('button', { name: /^rebind seat #1/ }));
    const input = screen.getByRole('textbox', { name: 'website URL for seat #1' });
    await user.clear(input);
    await user.type(input, 'https://new.cn');
    await user.click(screen.getByRole('button', { name: 'save' }));
    const dialog = await screen.findByRole('dialog', { name: 'confirm rebinding' });
    expect(
      within(dialog).getByText('After this, no rebinding chances will be left.'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(binds()).toEqual([]);
  });

  it('binds a free seat to a bare host without asking, and shows what is not a site under the field', async () => {
    const { user, binds } = setup([makeLicense({ seatIndex: 1 })]);
    await user.click(screen.getByRole('button', { name: 'bind a domain to seat #1' }));
    const input = screen.getByRole('textbox', { name: 'website URL for seat #1' });
    await user.type(input, 'my blog{Enter}');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'Enter a website address, such as my-blog.cn or https://my-blog.cn',
    );
    expect(binds()).toEqual([]);
    await user.clear(input);
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    await user.type(input, 'www.my-blog.cn/about{Enter}');
    await waitFor(() => expect(binds()).toHaveLength(1));
    expect(binds()[0]!.body).toEqual({ websiteUrl: 'https://my-blog.cn' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusal under the field, not in a toast", async () => {
    const { user } = setup([makeLicense({ seatIndex: 1 })], () =>
      jsonResponse(
        {
          statusCode: 400,
          error: '该域名已绑定到您的永久版/年付版授权',
          message: '该域名已绑定到您的永久版/年付版授权',
          code: 'DOMAIN_ALREADY_BOUND',
        },
        400,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'bind a domain to seat #1' }));
    const input = screen.getByRole('textbox', { name: 'website URL for seat #1' });
    await user.type(input, 'taken.cn{Enter}');
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    // The code's text in the interface's language, once: under the field.
    const text = 'This domain is already bound to your permanent/yearly licence';
    expect(input).toHaveAccessibleDescription(text);
    expect(screen.getAllByText(text)).toHaveLength(1);
  });

  it('Escape cancels the editor and puts focus back on the domain', async () => {
    const { user } = setup([boundSeat()]);
    await user.click(screen.getByRole('button', { name: /^rebind seat #1/ }));
    expect(screen.getByRole('textbox', { name: 'website URL for seat #1' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^rebind seat #1/ })).toHaveFocus();
  });

  it("explains the rule at zero changes left and names the seller's contact", async () => {
    const { user, binds } = setup([boundSeat({ bindingChangesLeft: 0 })]);
    const domain = screen.getByRole('button', { name: /^rebind seat #1/ });
    await user.click(domain);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'No rebinding chances left' });
    expect(dialog).toHaveTextContent(
      'A seat can move to another website 2 times (its first bind is free). Seat #1 has used them all, so it stays on https://old-blog.cn.',
    );
    // No SUPPORT_CONTACT configured (the test page has none): the site's contact, in words, no link.
    expect(dialog).toHaveTextContent("contact the seller through this site's contact details");
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(domain).toHaveFocus();
    expect(binds()).toEqual([]);
  });
});

describe('LicenseSeatsBlock with a support contact, and in Chinese', () => {
  it('links the configured contact in the zero-left explanation', async () => {
    const { DomainCell } = await import('./DomainCell');
    const queryClient = createTestQueryClient();
    const { user } = render(
      <DomainCell
        license={boundSeat({ bindingChangesLeft: 0 })}
        supportContact="help@shop.example"
      />,
      { queryClient },
    );
    await user.click(screen.getByRole('button', { name: /^rebind seat #1/ }));
    const dialog = await screen.findByRole('dialog', { name: 'No rebinding chances left' });
    expect(within(dialog).getByRole('link', { name: 'help@shop.example' })).toHaveAttribute(
      'href',
      'mailto:help@shop.example',
    );
  });

  it('says it all in Chinese', async () => {
    await setTestLanguage('zh-CN');
    const { user } = setup([
      boundSeat({ bindingChangesLeft: 2, lastCheckedAt: CHECKED_AT }),
      makeLicense({ seatIndex: 2, websiteUrl: 'https://full.cn', bindingChangesLeft: 0 }),
    ]);
    expect(screen.getByText('还剩 2 次更换绑定的机会')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '最近检查' })).toBeInTheDocument();
    expect(screen.getByText('尚未检查')).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: '更换座位 #1 的域名：https://old-blog.cn' }),
    );
    const input = screen.getByRole('textbox', { name: '座位 #1 的网站地址' });
    await user.clear(input);
    await user.type(input, '我的 博客{Enter}');
    expect(input).toHaveAccessibleDescription(
      '请输入网站地址，例如 my-blog.cn 或 https://my-blog.cn',
    );
    await user.clear(input);
    await user.type(input, 'my-blog.cn{Enter}');
    const dialog = await screen.findByRole('dialog', { name: '确认更换绑定' });
    expect(dialog).toHaveAccessibleDescription(
      '将座位 #1 从 https://old-blog.cn 改绑到 https://my-blog.cn？ 更换后还剩 1 次更换绑定的机会。',
    );
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: '更换座位 #2 的域名：https://full.cn' }));
    const none = await screen.findByRole('dialog', { name: '没有更换绑定的机会了' });
    expect(none).toHaveTextContent('每个座位可以更换绑定到其他网站 2 次');
    expect(none).toHaveTextContent('请通过本站的联系方式联系卖家');
  });

  it('lays the seats out as cards on a phone, every action inside its card', async () => {
    onPhone();
    const { user } = setup([
      boundSeat({ lastCheckedAt: CHECKED_AT }),
      makeLicense({ seatIndex: 2 }),
    ]);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = await screen.findByRole('listitem', { name: 'seat #1' });
    expect(within(card).getByRole('button', { name: /^rebind seat #1/ })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'AI settings #1' })).toBeInTheDocument();
    expect(within(card).getByText('2 rebinding chances left')).toBeInTheDocument();
    expect(within(card).getByText('November 25, 2026 at 9:30 AM')).toBeInTheDocument();
    const free = screen.getByRole('listitem', { name: 'seat #2' });
    await user.click(within(free).getByRole('button', { name: 'bind a domain to seat #2' }));
    expect(within(free).getByRole('button', { name: 'save' })).toBeInTheDocument();
    expect(within(free).getByRole('button', { name: 'cancel' })).toBeInTheDocument();
  });
});
