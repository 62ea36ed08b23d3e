import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../features/audit/api/get-audit-log';
import { createQueryClient } from '../../lib/query-client';
import { jsonResponse, mockFetch, type FetchCall } from '../../test/fetch';
import { render, screen, waitFor, within } from '../../test/render';
import AuditPage from './audit';

const PATH = '/api/admin/audit';

const domainChange: AuditEntry = {
  id: 'a-2',
  actor: 'admin@example.com',
  action: 'license.domain',
  target: 'lic-1 (seat 1)',
  before: { websiteUrl: 'https://one.example' },
  after: { websiteUrl: 'https://two.example' },
  createdAt: '2026-05-01T12:00:00.000Z',
};
const grant: AuditEntry = {
  id: 'a-1',
  actor: 'system',
  action: 'vip.grant',
  target: 'student@example.com',
  before: { tier: null, seats: 0 },
  after: { tier: 'vip', seats: 2, orderId: 'ORD-1' },
  createdAt: '2026-04-30T09:00:00.000Z',
};

function setup(handler?: (call: FetchCall) => Response | undefined, total?: number) {
  const fetch = mockFetch((call) => {
    const answer = handler?.(call);
    if (answer) return answer;
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname !== PATH) return jsonResponse({ statusCode: 404, message: 'Not Found' }, 404);
    const action = url.searchParams.get('action');
    const actor = url.searchParams.get('actor');
    const items = [domainChange, grant].filter(
      (e) => (!action || e.action === action) && (!actor || e.actor.includes(actor)),
    );
    return jsonResponse({
      items,
      pagination: {
        page: Number(url.searchParams.get('page')),
        pageSize: 20,
        total: total ?? items.length,
      },
    });
  });
  return { ...render(<AuditPage />, { queryClient: createQueryClient() }), ...fetch };
}

const lastQuery = (calls: FetchCall[]) => new URL(calls.at(-1)!.url, 'http://x').searchParams;

describe('audit log', () => {
  it('lists time, actor, action, target and a compact before → after', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'audit log' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('May 1, 2026');
    expect(first).toHaveTextContent('admin@example.com');
    expect(first).toHaveTextContent('license.domain');
    expect(first).toHaveTextContent('lic-1 (seat 1)');
    expect(first).toHaveTextContent('websiteUrl https://one.example → https://two.example');
    expect(second).toHaveTextContent('tier null → vip');
    expect(second).toHaveTextContent('seats 0 → 2');
    expect(second).toHaveTextContent('orderId – → ORD-1');
  });

  it('filters by action and actor on the server', async () => {
    const { user, calls } = setup();
    await screen.findByRole('table');
    const select = screen.getByLabelText('action');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'all actions',
      'vip.add',
      'vip.remove',
      'vip.batch',
      'vip.grant',
      'license.domain',
      'discount.save',
      'discount.delete',
      'quiz.create',
      'quiz.update',
      'quiz.delete',
    ]);
    await user.selectOptions(select, 'vip.grant');
    await waitFor(() => expect(lastQuery(calls).get('action')).toBe('vip.grant'));
    await waitFor(() => expect(screen.queryByText('lic-1 (seat 1)')).toBeNull());

    await user.selectOptions(select, '');
    await user.type(screen.getByLabelText('actor'), 'admin@');
    await waitFor(() => expect(lastQuery(calls).get('actor')).toBe('admin@'));
    expect(lastQuery(calls).get('action')).toBeNull();
    await waitFor(() => expect(screen.queryByText('student@example.com')).toBeNull());
  });

  it('pages with the paginator', async () => {
    const { user, calls } = setup(undefined, 200);
    await screen.findByRole('table');
    expect(screen.getByText(/200 entries · page 1 of 10/)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'audit log pages' });
    expect(within(nav).getAllByTestId('paginator-ellipsis')).toHaveLength(1);
    await user.click(within(nav).getByRole('button', { name: 'page 10' }));
    await waitFor(() => expect(lastQuery(calls).get('page')).toBe('10'));
    expect(lastQuery(calls).get('pageSize')).toBe('20');
  });

  it("shows the server's refusal, else '请求失败'", async () => {
    setup(() => new Response(null, { status: 502 }));
    expect(
      await screen.findByText('请求失败', { selector: 'p[role="alert"]' }),
    ).toBeInTheDocument();
  });
});
