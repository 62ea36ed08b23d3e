import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { giveSeats, requireDatabase, sql } from './support/db';
import { isZh, tr } from './support/i18n';
import { signIn } from './support/journey';
import { seriousAxe } from './support/axe';

// Install insights end to end (docs/insights.md): sites check in through the real plugin routes (the
// licence check with the SDK's fields, update checks with WordPress's User-Agent); the customer's console
// lists them, the admin dashboard counts them by version with charts, the admin customer page lists the
// customer's sites. No serious or critical axe finding at 1366 and 390 px; screenshots of each.

const run = Date.now().toString(36);
const customer = { email: `ivy.${run}@example.com`, name: 'Ivy Installs' };
const i = (key: string, values?: Record<string, unknown>) => tr(`installs:${key}`, values);
const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Axe and a screenshot at both sizes. */
async function check(page: Page, name: string) {
  const findings: string[] = [];
  const shots = join(test.info().project.testDir, '../../tmp/e2e-installs', isZh ? 'zh-CN' : 'en');
  mkdirSync(shots, { recursive: true });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    findings.push(
      ...(await seriousAxe(page, { wcag21: true, label: `${name} ${viewport.width}` })),
    );
    await page.screenshot({ path: join(shots, `${name}-${viewport.width}.png`), fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[0]);
  expect(findings).toEqual([]);
}

test('sites check in; the console, the admin dashboard and the customer page show them', async ({
  page,
  browser,
}) => {
  requireDatabase();
  test.setTimeout(180_000);
  await signIn(page, '/dashboard', customer.email, customer.name);
  await giveSeats(customer.email, 'pro', 5);
  const host = (n: number) => `wp${n}.installs-${run}.example`;
  await sql(
    `update licenses set website_url = $2 where user_id = (select id from users where email = $1) and seat_index = 1`,
    [customer.email, `https://${host(1)}`],
  );
  const code = (
    (await (await page.request.get('/api/apitokens/token')).json()) as { plainToken: string }
  ).plainToken;
  const sites = [
    { n: 1, version: '1.0.0', wp: '6.5.2', php: '8.2.12', locale: 'zh_CN' },
    { n: 2, version: '1.0.0', wp: '6.4.3', php: '7.4.33', locale: 'en_US' },
    { n: 3, version: '0.9.0', wp: '6.5.5', php: '8.3.4', locale: 'de_DE' },
  ];
  for (const s of sites) {
    const res = await page.request.post('/api/licenses/check', {
      headers: { authorization: `Bearer ${code}` },
      form: {
        domain: `https://${host(s.n)}`,
        product: 'visual-editor',
        kind: 'plugin',
        version: s.version,
        wp_version: s.wp,
        php_version: s.php,
        locale: s.locale,
      },
    });
    expect(res.status()).toBe(200);
  }
  // Two sites only ask for updates, without a code (WordPress's own User-Agent names the site).
  for (const n of [4, 5]) {
    const res = await page.request.get(
      `/api/wp-updates/plugins/visual-editor/info?installed_version=1.0.0&php=8.1.2&locale=en_US`,
      { headers: { 'user-agent': `WordPress/6.6.1; https://${host(n)}` } },
    );
    expect(res.status()).toBe(200);
  }
  // Written off the request path, within INSIGHTS_FLUSH_SECONDS (10 s).
  await expect
    .poll(
      async () =>
        (
          await sql(`select count(*)::int as n from site_installs where host like $1`, [
            `%.installs-${run}.example`,
          ])
        )[0]!.n,
      { timeout: 20_000 },
    )
    .toBe(5);
  // Site 5 stopped checking in 40 days ago.
  await sql(`update site_installs set last_seen_at = now() - interval '40 days' where host = $1`, [
    host(5),
  ]);

  // The customer's console: the three sites of their code.
  await page.reload();
  const consoleBlock = page.getByRole('region', { name: i('console.title') });
  await expect(consoleBlock).toBeVisible({ timeout: 15_000 });
  await expect(consoleBlock).toContainText(i('console.hint', { count: 3 }));
  await expect(consoleBlock.getByText(host(3)).first()).toBeVisible();
  await check(page, 'console');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await signIn(admin, '/admin', E2E_ADMIN, 'Ada Admin');
    const overview = admin.getByRole('region', { name: i('dashboard.title') });
    await expect(overview.getByText(i('dashboard.active7'))).toBeVisible({ timeout: 15_000 });
    // The product chooser by keyboard.
    const chooser = overview.getByLabel(i('dashboard.product'), { exact: true });
    await chooser.focus();
    await expect(chooser).toBeFocused();
    await expect(overview.getByRole('region', { name: i('charts.wordpress') })).toBeVisible({
      timeout: 15_000,
    });
    await expect(
      overview.getByRole('heading', { name: i('dashboard.stoppedTitle', { count: 30 }) }),
    ).toBeVisible();
    await expect(overview.getByText(host(5)).first()).toBeAttached();
    await check(admin, 'admin-dashboard');

    const [{ id }] = await sql<{ id: string }>('select id from users where email = $1', [
      customer.email,
    ]);
    await admin.goto(`/admin/customers/${id}`);
    const mine = admin.getByRole('region', { name: i('customer.title') });
    await expect(mine).toContainText(i('customer.count', { count: 3 }), { timeout: 15_000 });
    await expect(mine.getByText(host(1)).first()).toBeAttached();
    await check(admin, 'admin-customer');
  } finally {
    await adminContext.close();
  }
});
