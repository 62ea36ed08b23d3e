import { describe, expect, it } from 'vitest';
import type { MailItem } from '../../features/admin-mail/api/mail';
import { createQueryClient } from '../../lib/query-client';
import { mockApi, raw, status, type ApiRecordedCall, type ApiRoutes } from '../../test/api';
import { renderIn } from '../../test/i18n';
import { render, screen, waitFor, within } from '../../test/render';
import AdminMailPage from './mail';

const sent: MailItem = {
  id: 'm-2',
  kind: 'order-paid',
  recipient: 'ann@example.com',
  language: 'en',
  subject: '[Shop] Receipt for order SK1',
  status: 'sent',
  attempts: 1,
  nextAttemptAt: '2026-05-01T12:00:00.000Z',
  lastError: null,
  createdAt: '2026-05-01T12:00:00.000Z',
  sentAt: '2026-05-01T12:00:05.000Z',
};
const failed: MailItem = {
  ...sent,
  id: 'm-1',
  kind: 'refund',
  recipient: 'bob@example.com',
  subject: '[Shop] Refund made: order SK2',
  status: 'failed',
  attempts: 5,
  lastError: '550 mailbox unavailable',
  sentAt: null,
};

/** The admin API as the server answers it: filtered by status and recipient, paged, resend. */
function setup(
  options: {
    /** POST /api/admin/mail/{id}/resend's answer; without it, the message is queued again. */
    resend?: ApiRoutes['POST /api/admin/mail/{id}/resend'];
    total?: number;
    language?: 'en' | 'zh-CN';
  } = {},
) {
  let items = [sent, failed];
  const fetch = mockApi({
    'GET /api/admin/mail': ({ query }) => {
      const status = query.get('status');
      const search = query.get('search');
      const shown = items.filter(
        (m) => (!status || m.status === status) && (!search || m.recipient.includes(search)),
      );
      return {
        items: shown,
        pagination: {
          page: Number(query.get('page')),
          pageSize: 20,
          total: options.total ?? shown.length,
        },
        sending: false,
      };
    },
    'POST /api/admin/mail/{id}/resend':
      options.resend ??
      (({ params }) => {
        items = items.map((m) =>
          m.id === params.id ? { ...m, status: 'queued', attempts: 0 } : m,
        );
        return { mail: items.find((m) => m.id === params.id) };
      }),
  });
  const ui = <AdminMailPage />;
  const rendered =
    options.language === 'zh-CN'
      ? renderIn('zh-CN', ui, { queryClient: createQueryClient() })
      : Promise.resolve(render(ui, { queryClient: createQueryClient() }));
  return { rendered, ...fetch };
}

const lastQuery = (calls: ApiRecordedCall[]) => calls.at(-1)!.query;

describe('the admin e-mail outbox', () => {
  it('lists status, recipient, subject, attempts, last error and times; says when nothing is sent', async () => {
    const { rendered } = setup();
    await rendered;
    expect(screen.getByRole('heading', { level: 1, name: 'E-mail outbox' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'e-mail outbox' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('sent');
    expect(first).toHaveTextContent('ann@example.com');
    expect(first).toHaveTextContent('[Shop] Receipt for order SK1');
    expect(first).toHaveTextContent(/sent .*2026/);
    expect(second).toHaveTextContent('failed');
    expect(second).toHaveTextContent('550 mailbox unavailable');
    expect(second).toHaveTextContent('5');
    // Resend only on the failed one.
    expect(within(first).queryByRole('button')).not.toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'resend to bob@example.com' })).toBeEnabled();
    expect(screen.getByRole('note')).toHaveTextContent('No SMTP server is configured');
  });

  it('filters by status and searches by recipient on the server, back to page 1', async () => {
    const { rendered, calls } = setup({ total: 45 });
    const { user } = await rendered;
    await screen.findByRole('table', { name: 'e-mail outbox' });
    await user.click(screen.getByRole('button', { name: 'page 2' }));
    await waitFor(() => expect(lastQuery(calls).get('page')).toBe('2'));
    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    await waitFor(() => expect(lastQuery(calls).get('status')).toBe('failed'));
    expect(lastQuery(calls).get('page')).toBe('1');
    await user.type(screen.getByLabelText('Recipient'), 'bob');
    await waitFor(() => expect(lastQuery(calls).get('search')).toBe('bob'));
    const table = screen.getByRole('table', { name: 'e-mail outbox' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
  });

  it('resends a failed message and shows it queued; a refusal shows beside the button', async () => {
    const { rendered, calls } = setup();
    const { user } = await rendered;
    await user.click(await screen.findByRole('button', { name: 'resend to bob@example.com' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && c.path === '/api/admin/mail/m-1/resend'),
      ).toBe(true),
    );
    const table = screen.getByRole('table', { name: 'e-mail outbox' });
    await waitFor(() => expect(within(table).getAllByRole('row')[2]).toHaveTextContent('queued'));

    const refused = setup({
      resend: () =>
        status(409, {
          statusCode: 409,
          error: 'Only a failed message can be sent again',
          message: 'Only a failed message can be sent again',
          code: 'MAIL_NOT_FAILED',
        }),
    });
    const second = await refused.rendered;
    const buttons = await screen.findAllByRole('button', { name: 'resend to bob@example.com' });
    await second.user.click(buttons.at(-1)!);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only a failed message can be sent again',
    );
  });

  it("falls back to 'Request failed' in English when the refusal carries no text", async () => {
    const { rendered } = setup({ resend: () => raw(() => new Response('', { status: 502 })) });
    const { user } = await rendered;
    await user.click(await screen.findByRole('button', { name: 'resend to bob@example.com' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Request failed');
    expect(screen.getByRole('alert')).not.toHaveTextContent('请求失败');
  });

  it('speaks Chinese in zh-CN', async () => {
    const { rendered } = setup({ language: 'zh-CN' });
    await rendered;
    expect(screen.getByRole('heading', { level: 1, name: '邮件发件箱' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '邮件发件箱' });
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('发送失败');
    expect(
      within(table).getByRole('button', { name: '重新发送给 bob@example.com' }),
    ).toHaveTextContent('重新发送');
  });
});
