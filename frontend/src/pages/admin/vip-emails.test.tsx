import { describe, expect, it } from 'vitest';
import type { VipEmail } from '../../features/vip-emails/api/get-vip-emails';
import { createQueryClient } from '../../lib/query-client';
import {
  mockApi,
  raw,
  status,
  type ApiAnswer,
  type ApiRecordedCall,
  type ApiRoutes,
} from '../../test/api';
import { setTestLanguage, tr } from '../../test/i18n';
import type { Language } from '../../lib/i18n';
import { render, screen, waitFor, within } from '../../test/render';
import VipEmailsPage from './vip-emails';

const PATH = '/apitokens/admin/vip-emails';
const LIST = 'GET /apitokens/admin/vip-emails';
const ADD = 'POST /apitokens/admin/vip-emails';
const BATCH = 'POST /apitokens/admin/vip-emails/batch';
const REMOVE = 'DELETE /apitokens/admin/vip-emails/{email}';

const entry = (email: string, overrides: Partial<VipEmail> = {}): VipEmail => ({
  email,
  addedAt: '2026-03-14T10:00:00.000Z',
  addedBy: 'admin@example.com',
  isAdmin: false,
  ...overrides,
});

const admin = entry('admin@example.com', { addedBy: 'system', isAdmin: true });
const student = entry('student+1@example.com');

/** The list endpoint over an in-memory list: search, paging and deletes as the server does them. */
function server(initial: VipEmail[]): ApiRoutes {
  let list = [...initial];
  return {
    [LIST]: ({ query }) => {
      const search = query.get('search') ?? '';
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 20);
      const found = list.filter((e) => e.email.includes(search));
      return {
        vipEmails: found.slice((page - 1) * pageSize, page * pageSize),
        pagination: { page, pageSize, total: found.length },
        totalAll: list.length,
      };
    },
    [REMOVE]: ({ params }) => {
      list = list.filter((e) => e.email !== params.email);
      return { message: 'Email removed from VIP list' };
    },
  };
}

function setup(routes: ApiRoutes = {}, initial: VipEmail[] = [admin, student]) {
  const fetch = mockApi({ ...server(initial), ...routes });
  return { ...render(<VipEmailsPage />, { queryClient: createQueryClient() }), ...fetch };
}

const row = (email: string) =>
  screen.getByRole('row', { name: new RegExp(`^${email.replace(/[+.]/g, '\\$&')}`) });
const gets = (calls: ApiRecordedCall[]) => calls.filter((c) => c.route === LIST);

/** The Mantine colour a toast carrying this text was shown with. */
function toastColor(text: string): string | undefined {
  const root = screen.getByText(text).closest('.mantine-Notification-root');
  const style = root?.getAttribute('style') ?? '';
  return /--notification-color:\s*var\(--mantine-color-([a-z]+)-/.exec(style)?.[1];
}

describe('VIP management list', () => {
  it('lists addresses with the admin badge, US-English dates and who added them', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'VIP management' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'VIP e-mails' });
    expect(within(row('admin@example.com')).getByText('admin')).toBeInTheDocument();
    expect(row('admin@example.com')).toHaveTextContent('system');
    expect(row('student+1@example.com')).toHaveTextContent('March 14, 2026');
    expect(row('student+1@example.com')).toHaveTextContent('admin@example.com');
    expect(within(row('student+1@example.com')).queryByText('admin')).toBeNull();
    expect(screen.getByTestId('vip-counts')).toHaveTextContent('total 2');
    expect(
      screen.getByText('VIP users automatically get permanent and yearly licences'),
    ).toBeInTheDocument();
  });

  it('reads in Chinese in zh-CN: title, columns, badge, dates, counts and the footer', async () => {
    await setTestLanguage('zh-CN');
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'VIP 管理' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'VIP 邮箱' });
    expect(screen.getByRole('columnheader', { name: '添加时间' })).toBeInTheDocument();
    expect(within(row('admin@example.com')).getByText('管理员')).toBeInTheDocument();
    expect(within(row('admin@example.com')).getByText('不可删除')).toBeInTheDocument();
    expect(row('student+1@example.com')).toHaveTextContent('2026年3月14日');
    expect(
      within(row('student+1@example.com')).getByRole('button', { name: '删除' }),
    ).toBeEnabled();
    // The server lists the admins' own addresses as added by 'system': in words.
    expect(row('admin@example.com')).toHaveTextContent('系统');
    expect(row('admin@example.com')).not.toHaveTextContent('system');
    expect(screen.getByTestId('vip-counts')).toHaveTextContent('共 2 个');
    expect(screen.getByRole('tab', { name: '批量添加' })).toBeInTheDocument();
    expect(screen.getByText('VIP 用户会自动获得永久版和年付版授权')).toBeInTheDocument();
  });

  it('offers no delete on admin e-mails', async () => {
    setup();
    await screen.findByRole('table');
    expect(within(row('admin@example.com')).queryByRole('button', { name: 'delete' })).toBeNull();
    expect(
      within(row('student+1@example.com')).getByRole('button', { name: 'delete' }),
    ).toBeEnabled();
  });

  it("deletes in two steps: 'delete', then 'confirm delete'", async () => {
    const { user, calls } = setup();
    await screen.findByRole('table');
    const cells = () => within(row('student+1@example.com'));

    await user.click(cells().getByRole('button', { name: 'delete' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(cells().getByRole('button', { name: 'cancel' }));
    expect(cells().queryByRole('button', { name: 'confirm delete' })).toBeNull();

    await user.click(cells().getByRole('button', { name: 'delete' }));
    await user.click(cells().getByRole('button', { name: 'confirm delete' }));
    expect(await screen.findByText('Email removed from VIP list')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`${PATH}/student%2B1%40example.com`);
    await waitFor(() => expect(screen.queryByText('student+1@example.com')).toBeNull());
    expect(screen.getByTestId('vip-counts')).toHaveTextContent('total 1');
  });

  it('shows deleting while the call runs, and goes back to idle on a refusal', async () => {
    let answer!: (reply: ReturnType<typeof status>) => void;
    const { user } = setup({ [REMOVE]: () => new Promise((resolve) => (answer = resolve)) });
    await screen.findByRole('table');
    const cells = () => within(row('student+1@example.com'));
    await user.click(cells().getByRole('button', { name: 'delete' }));
    await user.click(cells().getByRole('button', { name: 'confirm delete' }));
    await waitFor(() =>
      expect(cells().getByRole('button', { name: /confirm delete/ })).toHaveAttribute(
        'data-loading',
      ),
    );
    expect(cells().getByRole('button', { name: 'cancel' })).toBeDisabled();

    answer(
      status(400, {
        statusCode: 400,
        error: 'Email not found in VIP list',
        message: 'Email not found in VIP list',
      }),
    );
    expect(await screen.findByText('Email not found in VIP list')).toBeInTheDocument();
    await waitFor(() =>
      expect(cells().getByRole('button', { name: 'delete' })).toBeInTheDocument(),
    );
  });

  it.each([
    ['zh-CN', '请求失败', '删除', '确认删除'],
    ['en', 'Request failed', 'delete', 'confirm delete'],
  ] as const)(
    "falls back to '请求失败' (%s) when a delete fails without a reason",
    async (language, text, del, confirm) => {
      await setTestLanguage(language);
      const { user } = setup({
        [REMOVE]: () => raw(() => new Response('<html>bad gateway</html>', { status: 502 })),
      });
      await screen.findByRole('table');
      await user.click(within(row('student+1@example.com')).getByRole('button', { name: del }));
      await user.click(within(row('student+1@example.com')).getByRole('button', { name: confirm }));
      expect(await screen.findByText(text)).toBeInTheDocument();
    },
  );

  it("searches on the server after typing pauses, and counts 'found x / y'", async () => {
    const { user, calls } = setup();
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('search'), 'student');
    await waitFor(() => expect(screen.getByTestId('vip-counts')).toHaveTextContent('found 1 / 2'));
    // One request for the whole word, not one per keystroke.
    const searches = gets(calls).map((c) => c.query.get('search'));
    expect(searches).toEqual([null, 'student']);
    expect(screen.queryByRole('row', { name: /^admin@example\.com/ })).toBeNull();

    await user.clear(screen.getByLabelText('search'));
    await user.type(screen.getByLabelText('search'), 'nobody');
    expect(await screen.findByText('no matching e-mails')).toBeInTheDocument();
    expect(screen.getByTestId('vip-counts')).toHaveTextContent('found 0 / 2');
  });

  it("pages by 20 with the paginator and counts 'showing a-b / total'", async () => {
    const many = Array.from({ length: 45 }, (_, i) =>
      entry(`s${String(i + 1).padStart(2, '0')}@x.com`),
    );
    const { user, calls } = setup({}, many);
    await screen.findByRole('table');
    expect(screen.getByTestId('vip-counts')).toHaveTextContent('showing 1-20 / 45');
    expect(screen.getAllByRole('row')).toHaveLength(21);
    const nav = screen.getByRole('navigation', { name: 'VIP list pages' });
    expect(
      within(nav)
        .getAllByRole('button', { name: /^page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3']);

    await user.click(within(nav).getByRole('button', { name: 'page 3' }));
    await waitFor(() =>
      expect(screen.getByTestId('vip-counts')).toHaveTextContent('showing 41-45 / 45'),
    );
    expect(screen.getAllByRole('row')).toHaveLength(6);
    const last = gets(calls).at(-1)!;
    expect(last.query.get('page')).toBe('3');
    expect(last.query.get('pageSize')).toBe('20');
  });

  it("shows 'Failed to fetch VIP emails' when the list cannot be loaded", async () => {
    setup({ [LIST]: () => status(500, { statusCode: 500, message: 'boom' }) });
    expect(
      await screen.findByText('Failed to fetch VIP emails', { selector: 'p[role="alert"]' }),
    ).toBeInTheDocument();
    // The global handler toasts it too (docs/product.md#calls).
    expect(
      await screen.findByText('Failed to fetch VIP emails', {
        selector: '.mantine-Notification-description',
      }),
    ).toBeInTheDocument();
  });

  it('adds a single address and toasts the refusal of a duplicate', async () => {
    let duplicate = false;
    const { user, calls } = setup({
      [ADD]: () =>
        duplicate
          ? status(400, {
              statusCode: 400,
              error: 'Email is already in VIP list',
              message: 'Email is already in VIP list',
            })
          : { message: 'Email added to VIP list' },
    });
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('add an e-mail'), ' new@x.com ');
    await user.click(screen.getByRole('button', { name: 'add' }));
    expect(await screen.findByText('Email added to VIP list')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'new@x.com' });
    expect(screen.getByLabelText('add an e-mail')).toHaveValue('');

    duplicate = true;
    await user.type(screen.getByLabelText('add an e-mail'), 'new@x.com');
    await user.click(screen.getByRole('button', { name: 'add' }));
    expect(await screen.findByText('Email is already in VIP list')).toBeInTheDocument();
    expect(toastColor('Email is already in VIP list')).toBe('red');
  });
});

describe('VIP management batch add', () => {
  function setupBatch(
    answer: (emails: string[]) => ReturnType<NonNullable<ApiRoutes[typeof BATCH]>>,
  ) {
    const result = setup({ [BATCH]: ({ body }) => answer(body.emails) });
    return result;
  }

  type Outcome = 'added' | 'already-listed' | 'repeated' | 'invalid';
  /** The server's answer: SPEC's three lists and each entry's outcome, in the order sent. */
  function answerOf(emails: string[], outcomes: Outcome[]): ApiAnswer<typeof BATCH> {
    const code = (e: string): ApiAnswer<typeof BATCH>['failed'][number]['code'] =>
      e.includes('@') ? 'VIP_EMAIL_INVALID' : 'VIP_EMAIL_FORMAT_INVALID';
    const reason = (e: string) =>
      e.includes('@') ? 'Must be a valid email address' : 'Invalid email format';
    const pick = (o: Outcome) => emails.filter((_, i) => outcomes[i] === o);
    return {
      added: pick('added'),
      skipped: [...pick('already-listed'), ...pick('repeated')],
      failed: pick('invalid').map((e) => ({ email: e, reason: reason(e), code: code(e) })),
      entries: emails.map((e, i) =>
        outcomes[i] === 'invalid'
          ? { input: e, email: null, outcome: 'invalid', code: code(e) }
          : { input: e, email: e, outcome: outcomes[i] },
      ),
    };
  }

  async function submit(
    user: ReturnType<typeof setup>['user'],
    text: string,
    language: Language = 'en',
  ) {
    await user.click(screen.getByRole('tab', { name: tr(language, 'adminVip:tabs.batch') }));
    const box = screen.getByLabelText(new RegExp(`^${tr(language, 'adminVip:batch.label')}`));
    await user.clear(box);
    if (text) await user.type(box, text);
    await user.click(screen.getByRole('button', { name: tr(language, 'adminVip:batch.submit') }));
  }

  it("refuses text without any address: '请输入有效的邮箱地址' (zh-CN)", async () => {
    await setTestLanguage('zh-CN');
    const { user, calls } = setupBatch(() => ({ added: [], skipped: [], failed: [] }));
    await submit(user, 'hello, world;{enter}  ', 'zh-CN');
    expect(await screen.findByText('请输入有效的邮箱地址')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses text without any address in English too', async () => {
    const { user } = setupBatch(() => ({ added: [], skipped: [], failed: [] }));
    await submit(user, 'hello, world');
    expect(await screen.findByText('Please enter valid e-mail addresses')).toBeInTheDocument();
    // Entries without @ are counted, not dropped silently.
    expect(screen.getByText('0 addresses recognised · 2 entries without “@”')).toBeInTheDocument();
  });

  it('sends the parsed addresses and toasts success when any was added (zh-CN)', async () => {
    await setTestLanguage('zh-CN');
    const { user, calls } = setupBatch((emails) =>
      answerOf(emails, ['added', 'already-listed', 'invalid']),
    );
    await submit(user, ' a@x.com {enter}b@x.com; not-an-email, c@{enter}', 'zh-CN');
    const message = '提交了 3 个邮箱，添加成功 1 个，已存在 1 个，格式错误 1 个';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(toastColor(message)).toBe('teal');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      emails: ['a@x.com', 'b@x.com', 'c@'],
    });
    // Every typed entry with its outcome, in the order typed, the one without @ too (issue 29 item 9).
    const result = screen.getByRole('region', { name: '批量添加结果' });
    expect(result).toHaveTextContent('已添加 1 个');
    expect(result).toHaveTextContent('1 个已在名单中');
    expect(result).toHaveTextContent('2 个不是有效地址');
    const rows = within(within(result).getByRole('table', { name: '各条目的结果' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    // The reason by its code, in Chinese (the server's text is the spec's English).
    expect(rows).toEqual([
      'a@x.com已添加',
      'b@x.com已在名单中',
      'not-an-email不是有效地址：邮箱格式无效',
      'c@不是有效地址：必须是有效的邮箱地址',
    ]);
    // The refused entries stay in the box to fix; the others leave it.
    expect(screen.getByLabelText(/^邮箱/)).toHaveValue('not-an-email\nc@');
    expect(result).toHaveTextContent('不是有效地址的 2 个条目已留在输入框中，请修改。');
    // The list is fetched again.
    await waitFor(() => expect(gets(calls)).toHaveLength(2));
  });

  it('toasts the result in English in en', async () => {
    const { user } = setupBatch((emails) => answerOf(emails, ['added', 'repeated', 'invalid']));
    await submit(user, 'a@x.com{enter}A@x.com{enter}c@');
    const message = 'Submitted 3 e-mails: 1 added, 1 already listed, 1 with format errors';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(toastColor(message)).toBe('teal');
    const result = screen.getByRole('region', { name: 'batch result' });
    expect(result).toHaveTextContent('1 added');
    expect(result).toHaveTextContent('1 repeated in this batch');
    expect(result).toHaveTextContent('1 not an address');
    const rows = within(within(result).getByRole('table', { name: "each entry's outcome" }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'a@x.comadded',
      'A@x.comrepeated in this batch',
      'c@not an address: Must be a valid email address',
    ]);
    expect(screen.getByLabelText(/^e-mails/)).toHaveValue('c@');
    expect(result).toHaveTextContent('The entry that is not an address stays in the box to fix.');
  });

  it('toasts info when every address was already listed', async () => {
    await setTestLanguage('zh-CN');
    const { user } = setupBatch((emails) => answerOf(emails, ['already-listed', 'already-listed']));
    await submit(user, 'a@x.com,b@x.com', 'zh-CN');
    const message = '提交了 2 个邮箱，添加成功 0 个，已存在 2 个，格式错误 0 个';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(toastColor(message)).toBe('blue');
  });

  it('toasts a warning when nothing was added and some failed', async () => {
    await setTestLanguage('zh-CN');
    const { user } = setupBatch((emails) => answerOf(emails, ['already-listed', 'invalid']));
    await submit(user, 'a@x.com;b@', 'zh-CN');
    const message = '提交了 2 个邮箱，添加成功 0 个，已存在 1 个，格式错误 1 个';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(toastColor(message)).toBe('yellow');
  });

  it.each([
    ['zh-CN', '添加失败'],
    ['en', 'Failed to add'],
  ] as const)(
    "toasts '添加失败' (%s) when the call fails, and keeps the text",
    async (language, text) => {
      await setTestLanguage(language);
      const { user } = setupBatch(() => raw(() => new Response(null, { status: 500 })));
      await submit(user, 'a@x.com', language);
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(toastColor(text)).toBe('red');
      expect(
        screen.getByLabelText(new RegExp(`^${tr(language, 'adminVip:batch.label')}`)),
      ).toHaveValue('a@x.com');
    },
  );
});
