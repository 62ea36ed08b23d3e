import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { License, LicenseList } from '../lib/api/licenses';
import { AI_SAVED_OK as SAVED_OK, AI_SEAT as LIC, NO_AI_CONFIG as EMPTY } from '../test/ai-config';
import { mockApi, status, type ApiRoutes } from '../test/api';
import { makeLicense, makeLicenseList } from '../test/licenses';
import { makePlans } from '../test/plans';
import { setTestLanguage } from '../test/i18n';
import { createTestQueryClient, render, screen, waitFor, within } from '../test/render';
import { LicenseSeats } from './license-seats';
import { licensesQueryKey, plansQueryKey } from '../lib/api/query-keys';

/** The seat list as given; `routes` answer the rest (a bind) or another list. */
function setup(list: LicenseList, routes: ApiRoutes = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(licensesQueryKey, list);
  // The plan purchase button's list: cached, so the calls below are the seat block's own.
  queryClient.setQueryData(plansQueryKey, makePlans(list.summary.tier));
  const fetch = mockApi({ 'GET /api/apitokens/licenses': () => list, ...routes });
  return { ...render(<LicenseSeats />, { queryClient }), ...fetch };
}

/** The server after a (re)bind: the bind answers `license` and `action`, the list then holds it alone. */
const bindsTo = (license: License, action: 'bound' | 'rebound'): ApiRoutes => ({
  'POST /api/apitokens/licenses/{id}/bind': () => ({ license, action }),
  'GET /api/apitokens/licenses': () => makeLicenseList([license]),
});

const rowTexts = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    // The seat's number (its cell also holds the seat's History button).
    .map((row) => within(within(row).getAllByRole('cell')[0]!).getByText(/^#\d+$/).textContent);

const bound = (seatIndex: number, websiteUrl: string, bindingChangesLeft = 2) =>
  makeLicense({ seatIndex, websiteUrl, bindingChangesLeft });

describe('LicenseSeats (the licenses seat table, composed)', () => {
  it('titles the table with the plan and counts bound seats against the total', () => {
    setup(makeLicenseList([bound(1, 'https://a.com'), makeLicense({ seatIndex: 2 })]));
    expect(
      screen.getByRole('heading', { name: 'lifetime licence seats (Pro)' }),
    ).toBeInTheDocument();
    expect(screen.getByText('bound 1 / 5 seats')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'seat number',
      'domain',
      'API URL',
      'API Key',
      'settings',
      'last check',
      'update date',
    ]);
  });

  it('lists bound seats first, then one unbound seat', () => {
    setup(
      makeLicenseList([
        makeLicense({ seatIndex: 1 }),
        bound(2, 'https://b.com'),
        makeLicense({ seatIndex: 3 }),
      ]),
    );
    expect(rowTexts()).toEqual(['#2', '#1']);
    expect(
      screen.getByRole('button', { name: 'rebind seat #2: https://b.com' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'bind a domain to seat #1' })).toBeInTheDocument();
  });

  it('leaves out seats revoked by a refund (an upgrade refunded back to Basic)', () => {
    const revoked = '2026-03-01T00:00:00.000Z';
    setup(
      makeLicenseList(
        [
          bound(1, 'https://kept.com'),
          bound(2, 'https://gone.com'),
          makeLicense({ seatIndex: 3, status: 'revoked', revokedAt: revoked }),
        ].map((l) => (l.seatIndex === 2 ? { ...l, status: 'revoked', revokedAt: revoked } : l)),
        { tier: 'basic', planName: 'Basic', bound: 1, seatTotal: 1 },
      ),
    );
    expect(rowTexts()).toEqual(['#1']);
    expect(screen.queryByText('https://gone.com')).toBeNull();
  });

  it('shows a customer whose seats were all revoked as having no licences', () => {
    setup(
      makeLicenseList(
        [makeLicense({ seatIndex: 1, status: 'revoked', revokedAt: '2026-03-01T00:00:00.000Z' })],
        {
          tier: null,
          planName: null,
          bound: 0,
          seatTotal: 0,
        },
      ),
    );
    expect(screen.getByText('no licences available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'bind a domain to seat #1' })).toBeNull();
  });

  it("hints 'click to bind your site' when nothing is bound", () => {
    setup(makeLicenseList([makeLicense({ seatIndex: 1 }), makeLicense({ seatIndex: 2 })]));
    expect(screen.getByText('click to bind your site')).toBeInTheDocument();
    expect(screen.getByText('bound 0 / 5 seats')).toBeInTheDocument();
  });

  it("shows no unbound seat and 'seats used up, upgrade the plan' when full", () => {
    setup(
      makeLicenseList([bound(1, 'https://a.com'), makeLicense({ seatIndex: 2 })], {
        seatTotal: 1,
        planName: 'Basic',
      }),
    );
    expect(screen.getByText('seats used up, upgrade the plan')).toBeInTheDocument();
    expect(rowTexts()).toEqual(['#1']);
    expect(
      screen.getByRole('heading', { name: 'lifetime licence seats (Basic)' }),
    ).toBeInTheDocument();
  });

  it("shows 'no licences available' without licences", () => {
    setup(makeLicenseList([], { tier: null, planName: null, seatTotal: 0 }));
    expect(screen.getByText('no licences available')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'lifetime licence seats' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the AI configuration and the update date of a seat', () => {
    setup(
      makeLicenseList([
        makeLicense({
          websiteUrl: 'https://a.com',
          updatedAt: new Date(2026, 10, 25, 12).toISOString(),
          aiConfigStatus: {
            configured: true,
            lastUpdated: null,
            maskedApiKey: 'sk-1****abcd',
            baseUrl: 'https://ai.example.com/v1',
          },
        }),
      ]),
    );
    const row = screen.getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('https://ai.example.com/v1');
    expect(row).toHaveTextContent('sk-1****abcd');
    expect(row).toHaveTextContent('November 25, 2026');
  });

  it('badges yearly licences with their expiry date, or expired', () => {
    const future = new Date(Date.now() + 40 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const day = `${future.getFullYear()}-${pad(future.getMonth() + 1)}-${pad(future.getDate())}`;
    setup(
      makeLicenseList([
        makeLicense({
          seatIndex: 1,
          websiteUrl: 'https://a.com',
          licenseType: 'yearly',
          expiresAt: future.toISOString(),
        }),
        makeLicense({
          seatIndex: 2,
          websiteUrl: 'https://b.com',
          licenseType: 'yearly',
          status: 'expired',
          expiresAt: '2020-01-01T00:00:00.000Z',
        }),
      ]),
    );
    expect(screen.getByText(`expires: ${day}`)).toBeInTheDocument();
    expect(screen.getByText('expired')).toBeInTheDocument();
    // An expired seat cannot be rebound.
    expect(screen.getByRole('button', { name: 'rebind seat #2: https://b.com' })).toBeDisabled();
  });

  it("shows 'error loading data' when the list cannot be fetched", async () => {
    const queryClient = createTestQueryClient();
    mockApi({
      'GET /api/apitokens/licenses': () =>
        status(500, { statusCode: 500, message: 'Internal server error' }),
    });
    render(<LicenseSeats />, { queryClient });
    expect(
      await screen.findByText('error loading data: Failed to fetch licenses'),
    ).toBeInTheDocument();
  });
});

describe('binding a seat', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('binds a free seat with the normalised URL on Enter, then refreshes the list', async () => {
    let list = makeLicenseList([makeLicense({ seatIndex: 1 }), makeLicense({ seatIndex: 2 })]);
    const { user, calls } = setup(list, {
      'POST /api/apitokens/licenses/{id}/bind': () => {
        const license = { ...list.licenses[0]!, websiteUrl: 'https://example.com' };
        list = makeLicenseList([license, list.licenses[1]!]);
        return { license, action: 'bound' };
      },
      'GET /api/apitokens/licenses': () => list,
    });
    await user.click(screen.getByRole('button', { name: 'bind a domain to seat #1' }));
    const input = screen.getByRole('textbox', { name: 'website URL for seat #1' });
    expect(screen.queryByRole('note')).not.toBeInTheDocument(); // a first bind is free
    await user.type(input, 'https://WWW.Example.com:443/blog/post?x=1{Enter}');

    expect(await screen.findByText('bound')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      url: '/api/apitokens/licenses/lic-1/bind',
      method: 'POST',
      body: { websiteUrl: 'https://example.com' },
    });
    await waitFor(() => expect(screen.getByText('bound 1 / 5 seats')).toBeInTheDocument());
    expect(calls.some((c) => c.method === 'GET' && c.url === '/api/apitokens/licenses')).toBe(true);
    expect(rowTexts()).toEqual(['#1', '#2']);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('asks for a full URL, under the field, for a scheme other than http(s)', async () => {
    const { user, calls } = setup(makeLicenseList([makeLicense()]));
    await user.click(screen.getByRole('button', { name: 'bind a domain to seat #1' }));
    await user.type(screen.getByRole('textbox'), 'ftp://example.com');
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'please enter full URL (including http:// or https://)',
    );
    expect(screen.getByRole('textbox')).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('cancels on an empty input, on Escape and on cancel', async () => {
    const { user, calls } = setup(makeLicenseList([makeLicense()]));
    await user.click(screen.getByRole('button', { name: 'bind a domain to seat #1' }));
    await user.type(screen.getByRole('textbox'), '   {Enter}');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'bind a domain to seat #1' }));
    await user.type(screen.getByRole('textbox'), 'https://a.com{Escape}');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'bind a domain to seat #1' }));
    await user.click(screen.getByRole('button', { name: 'cancel' }));
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('refuses a rebind when no binding changes are left', async () => {
    const { user, calls } = setup(makeLicenseList([bound(1, 'https://a.com', 0)]));
    expect(screen.getByRole('note')).toHaveTextContent('you have used all rebinding chances');
    await user.click(screen.getByRole('button', { name: 'rebind seat #1: https://a.com' }));
    expect(
      await screen.findByRole('dialog', { name: 'No rebinding chances left' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("warns 'last rebinding chance' with one change left", async () => {
    const { user } = setup(makeLicenseList([bound(1, 'https://a.com', 1)]));
    await user.click(screen.getByRole('button', { name: 'rebind seat #1: https://a.com' }));
    expect(screen.getByRole('note')).toHaveTextContent('last rebinding chance');
    expect(screen.getByRole('textbox')).toHaveValue('https://a.com');
  });

  it('shows the remaining changes otherwise', async () => {
    const { user } = setup(makeLicenseList([bound(1, 'https://a.com', 2)]));
    await user.click(screen.getByRole('button', { name: 'rebind seat #1: https://a.com' }));
    expect(screen.getByRole('note')).toHaveTextContent('2 rebinding chances left');
  });

  it('rebinds to another domain only after the confirmation beside the field', async () => {
    const { user, calls } = setup(
      makeLicenseList([bound(1, 'https://a.com', 2)]),
      bindsTo(bound(1, 'https://b.com', 1), 'rebound'),
    );
    await user.click(screen.getByRole('button', { name: 'rebind seat #1: https://a.com' }));
    const input = screen.getByRole('textbox');
    await user.clear(input);
    await user.type(input, 'https://www.b.com/shop{Enter}');

    expect(await screen.findByRole('dialog', { name: 'confirm rebinding' })).toBeInTheDocument();
    expect(
      screen.getByText(/Move seat #1 from https:\/\/a.com to https:\/\/b.com\?/),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'confirm rebinding' }));
    expect(await screen.findByText('rebound')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      url: '/api/apitokens/licenses/lic-1/bind',
      body: { websiteUrl: 'https://b.com' },
    });
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'rebind seat #1: https://b.com' }),
      ).toBeInTheDocument(),
    );
  });

  it('keeps the confirmation until it is answered; Escape closes it without rebinding', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, calls } = setup(makeLicenseList([bound(1, 'https://a.com', 2)]));
    await user.click(screen.getByRole('button', { name: 'rebind seat #1: https://a.com' }));
    await user.clear(screen.getByRole('textbox'));
    await user.type(screen.getByRole('textbox'), 'https://b.com{Enter}');
    expect(await screen.findByRole('button', { name: 'confirm rebinding' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('button', { name: 'confirm rebinding' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'confirm rebinding' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('textbox')).toHaveValue('https://b.com');
    expect(calls).toHaveLength(0);
  });

  it('rebinds the same site in another spelling without asking', async () => {
    const { user, calls } = setup(
      makeLicenseList([bound(1, 'http://a.com', 1)]),
      bindsTo(bound(1, 'https://a.com', 1), 'rebound'),
    );
    await user.click(screen.getByRole('button', { name: 'rebind seat #1: http://a.com' }));
    await user.clear(screen.getByRole('textbox'));
    await user.type(screen.getByRole('textbox'), 'https://www.a.com/{Enter}');
    expect(await screen.findByText('rebound')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'confirm rebinding' })).not.toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ websiteUrl: 'https://a.com' });
  });

  it('closes without a call when nothing would change', async () => {
    const { user, calls } = setup(makeLicenseList([bound(1, 'https://a.com', 1)]));
    await user.click(screen.getByRole('button', { name: 'rebind seat #1: https://a.com' }));
    await user.type(screen.getByRole('textbox'), '/{Enter}');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message under the field when binding fails, and keeps the input", async () => {
    const { user } = setup(makeLicenseList([makeLicense()]), {
      'POST /api/apitokens/licenses/{id}/bind': () =>
        status(400, {
          statusCode: 400,
          error: '该域名已绑定到您的永久版/年付版授权',
          message: '该域名已绑定到您的永久版/年付版授权',
        }),
    });
    await user.click(screen.getByRole('button', { name: 'bind a domain to seat #1' }));
    await user.type(screen.getByRole('textbox'), 'https://taken.com{Enter}');
    // Announced (an alert, as the toast was) and the field has the focus back to be corrected.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '该域名已绑定到您的永久版/年付版授权',
    );
    expect(screen.getByRole('textbox')).toHaveValue('https://taken.com');
    await waitFor(() => expect(screen.getByRole('textbox')).toHaveFocus());
  });

  it("shows 'Failed to bind license' under the field when the server cannot be reached", async () => {
    const { user } = setup(makeLicenseList([makeLicense()]), {
      'POST /api/apitokens/licenses/{id}/bind': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await user.click(screen.getByRole('button', { name: 'bind a domain to seat #1' }));
    await user.type(screen.getByRole('textbox'), 'https://a.com{Enter}');
    expect(await screen.findByText('Failed to bind license')).toBeInTheDocument();
  });
});

describe('in Chinese', () => {
  it('words the seat table, its hints and the domain cell in Chinese', async () => {
    await setTestLanguage('zh-CN');
    setup(makeLicenseList([makeLicense({ seatIndex: 1 }), makeLicense({ seatIndex: 2 })]));
    expect(screen.getByRole('heading', { name: '永久授权座位（Pro）' })).toBeInTheDocument();
    expect(screen.getByText('已绑定 0 / 5 个座位')).toBeInTheDocument();
    expect(screen.getByText('点击绑定你的网站')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '座位编号',
      '域名',
      'API URL',
      'API Key',
      '设置',
      '最近检查',
      '更新日期',
    ]);
    // The docs (configuration.md, ai-assist.md) name the 「域名」 cell and the 「设置」 button.
    expect(screen.getByRole('button', { name: '座位 #1 的 AI 设置' })).toHaveTextContent('设置');
    expect(screen.getByRole('button', { name: '为座位 #1 绑定域名' })).toHaveTextContent(
      '绑定域名',
    );
  });

  it("shows 'no licences available' and a full plan in Chinese", async () => {
    await setTestLanguage('zh-CN');
    setup(makeLicenseList([bound(1, 'https://a.com')], { seatTotal: 1, planName: 'Basic' }));
    expect(screen.getByText('座位已用完，请升级套餐')).toBeInTheDocument();
  });

  it('binds and asks for a full URL in Chinese', async () => {
    await setTestLanguage('zh-CN');
    const { user } = setup(
      makeLicenseList([bound(1, 'https://a.com', 2)]),
      bindsTo(bound(1, 'https://b.com', 1), 'rebound'),
    );
    await user.click(screen.getByRole('button', { name: '更换座位 #1 的域名：https://a.com' }));
    expect(screen.getByRole('note')).toHaveTextContent('还剩 2 次更换绑定的机会');
    const input = screen.getByRole('textbox', { name: '座位 #1 的网站地址' });
    await user.clear(input);
    await user.type(input, 'ftp://b.com');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(
      await screen.findByText('请输入完整网址（包含 http:// 或 https://）'),
    ).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'b.com{Enter}');
    expect(await screen.findByRole('dialog', { name: '确认更换绑定' })).toHaveAccessibleDescription(
      '将座位 #1 从 https://a.com 改绑到 https://b.com？ 更换后还剩 1 次更换绑定的机会。',
    );
    await user.click(screen.getByRole('button', { name: '确认更换' }));
    expect(await screen.findByText('已更换绑定')).toBeInTheDocument();
  });
});

describe('the seat table settings column', () => {
  const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label);

  it('opens the modal from a seat and refreshes the table after saving', async () => {
    let list = makeLicenseList([LIC]);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(licensesQueryKey, list);
    queryClient.setQueryData(plansQueryKey, makePlans('pro'));
    mockApi({
      'GET /api/apitokens/licenses/{id}/ai-config': () => EMPTY,
      'PUT /api/apitokens/licenses/{id}/ai-config': () => {
        list = makeLicenseList([
          {
            ...LIC,
            aiConfigStatus: {
              configured: true,
              lastUpdated: '2026-11-25T12:00:00.000Z',
              maskedApiKey: 'sk-e****7890',
              baseUrl: 'http://localhost/dev-ai/v1',
            },
          },
        ]);
        return SAVED_OK;
      },
      'GET /api/apitokens/licenses': () => list,
    });
    const { user } = render(<LicenseSeats />, { queryClient });
    const row = screen.getAllByRole('row')[1]!;
    expect(row).not.toHaveTextContent('sk-e****7890');

    await user.click(within(row).getByRole('button', { name: 'AI settings for seat #1' }));
    const dialog = await screen.findByRole('dialog', { name: 'AI settings for seat #1' });
    const url = await within(dialog).findByLabelText(/^API URL/);
    await user.clear(url);
    await user.type(url, 'http://localhost/dev-ai/v1');
    await user.type(field(dialog, /^API Key/), 'sk-e2e-1234567890');
    await user.click(within(dialog).getByRole('button', { name: 'test and save' }));

    expect(await screen.findByText('verified, configuration saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const refreshed = screen.getAllByRole('row')[1]!;
    expect(refreshed).toHaveTextContent('sk-e****7890');
    expect(refreshed).toHaveTextContent('http://localhost/dev-ai/v1');
  });
});
