import { expect, test } from '@playwright/test';
import { formatDate, tr, trExact } from './support/i18n';
import { escapeRegExp, signIn, signOut, toast } from './support/journey';

// The admin area end to end: the admin lists students in a batch on /admin/vip-emails; a listed student
// signs in and the console grants the VIP plan (two seats); the admin finds the student on the
// subscription overview, moves the seat to another domain, and reads both changes in the audit log.

const ADMIN = 'admin@e2e.test';
const run = Date.now().toString(36);
const student = `vip.student.${run}@example.com`;
const classmate = `classmate.${run}@example.com`;
const firstSite = `https://vip-${run}.example`;
const secondSite = `https://moved-${run}.example`;

/** A catalogue sentence with its variables left open ({{order}} → any), found inside a cell's text. */
const within = (key: string, values: Record<string, unknown>) =>
  new RegExp(trExact(key, values).source.replace(/^\^|\$$/g, ''));

test('an admin lists students in a batch; a student gets the VIP seats; the admin rebinds a seat and reads the audit log', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);

  // 1. The admin adds a batch: two new students, the admin's own (already listed) address and a typo.
  await signIn(page, '/admin/vip-emails', ADMIN, 'Ada Admin');
  await expect(page.getByRole('heading', { level: 1, name: tr('adminVip:title') })).toBeVisible();
  await expect(page.getByText(tr('adminVip:footer'))).toBeVisible();
  await page.getByRole('tab', { name: tr('adminVip:tabs.batch') }).click();
  await page.getByRole('button', { name: tr('adminVip:batch.submit') }).click();
  await expect(page.getByText(tr('adminVip:batch.noValidEmails'))).toBeVisible();
  await page
    .getByLabel(new RegExp(`^${escapeRegExp(tr('adminVip:batch.label'))}`))
    .fill(`${student}\n${classmate.toUpperCase()}; ${ADMIN},\nbroken@\nnot an address`);
  await expect(page.getByText(tr('adminVip:batch.recognised', { count: 4 }))).toBeVisible();
  await page.getByRole('button', { name: tr('adminVip:batch.submit') }).click();
  await expect(
    toast(page, tr('adminVip:batch.summary', { submitted: 4, added: 2, existing: 1, invalid: 1 })),
  ).toBeVisible();
  // Every entry with its outcome; the server's reason by its code in the interface's language.
  const entries = page
    .getByRole('region', { name: tr('adminVip:batch.result') })
    .getByRole('table', { name: tr('adminVip:batch.entries') })
    .getByRole('row');
  await expect(
    entries.filter({ has: page.getByRole('cell', { name: 'broken@', exact: true }) }),
  ).toContainText(
    tr('adminVip:batch.outcomes.invalid', { reason: tr('errors:VIP_EMAIL_INVALID') }),
  );

  // The list: the student, added by the admin; the admin's address has a badge and no delete.
  await page.getByRole('tab', { name: tr('adminVip:tabs.list') }).click();
  const search = page.getByRole('searchbox', { name: tr('adminVip:list.search') });
  await search.fill(student);
  await expect(page.getByTestId('vip-counts')).toHaveText(
    trExact('adminVip:list.found', { total: 1 }),
  );
  const studentRow = page.getByRole('row', { name: new RegExp(`^${escapeRegExp(student)}`) });
  await expect(studentRow).toContainText(ADMIN);
  await expect(studentRow).toContainText(formatDate());
  await search.fill(ADMIN);
  const adminRow = page.getByRole('row', { name: new RegExp(`^${escapeRegExp(ADMIN)}`) });
  await expect(adminRow.getByText(tr('adminVip:list.adminBadge'), { exact: true })).toBeVisible();
  await expect(adminRow.getByRole('button', { name: tr('adminVip:delete.label') })).toHaveCount(0);

  // Two-step delete of the classmate (stored lower-case).
  await search.fill(classmate);
  const classmateRow = page.getByRole('row', { name: new RegExp(`^${escapeRegExp(classmate)}`) });
  await classmateRow
    .getByRole('button', { name: tr('adminVip:delete.label'), exact: true })
    .click();
  await classmateRow.getByRole('button', { name: tr('adminVip:delete.confirm') }).click();
  await expect(toast(page, tr('adminVip:delete.done'))).toBeVisible();
  await expect(page.getByText(tr('adminVip:list.noMatches'))).toBeVisible();
  await signOut(page);

  // 2. The student signs in elsewhere: the console grants the VIP plan's two seats; one gets bound.
  const studentContext = await browser.newContext();
  try {
    const studentPage = await studentContext.newPage();
    await signIn(studentPage, '/dashboard', student, 'Vera Student');
    await expect(
      studentPage.getByRole('heading', {
        name: tr('console:seats.titleWithPlan', { plan: 'VIP' }),
      }),
    ).toBeVisible();
    await expect(
      studentPage.getByText(tr('console:seats.count', { bound: 0, count: 2 })),
    ).toBeVisible();
    await studentPage
      .getByRole('button', { name: tr('console:bind.bindLabel', { seat: 1 }) })
      .click();
    await studentPage.getByLabel(tr('console:bind.inputLabel', { seat: 1 })).fill(`${firstSite}/`);
    await studentPage.getByLabel(tr('console:bind.inputLabel', { seat: 1 })).press('Enter');
    await expect(toast(studentPage, tr('console:bind.bound'))).toBeVisible();
    await expect(
      studentPage.getByText(tr('console:seats.count', { bound: 1, count: 2 })),
    ).toBeVisible();
    // Both VIP seats now show: the bound one and the free one.
    await expect(
      studentPage.getByRole('button', {
        name: tr('console:bind.rebindLabel', { seat: 1, url: firstSite }),
      }),
    ).toBeVisible();
    await expect(
      studentPage.getByRole('button', { name: tr('console:bind.bindLabel', { seat: 2 }) }),
    ).toBeVisible();
  } finally {
    await studentContext.close();
  }

  // 3. The admin finds the student by e-mail and moves the seat to another domain.
  await signIn(page, '/admin/subscriptions', ADMIN, 'Ada Admin');
  await expect(
    page.getByRole('heading', { level: 1, name: tr('adminSubscriptions:title') }),
  ).toBeVisible();
  await page.getByRole('searchbox', { name: tr('adminSubscriptions:search') }).fill(student);
  const card = page.getByRole('article', { name: student });
  await expect(card).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card).toContainText('Vera Student');
  await expect(card).toContainText('VIP');
  await expect(card).toContainText(tr('adminSubscriptions:card.seats', { used: 1, total: 2 }));
  await expect(card).toContainText(tr('adminSubscriptions:card.lastOrder', { date: formatDate() }));
  const site = card.getByRole('link', { name: firstSite });
  await expect(site).toHaveAttribute('href', firstSite);
  await expect(site).toHaveAttribute('target', '_blank');
  await expect(site).toHaveAttribute('rel', /noopener/);

  const seatOne = tr('adminSubscriptions:domain.seat', { index: 1 });
  await card
    .getByRole('button', { name: tr('adminSubscriptions:domain.editLabel', { seat: seatOne }) })
    .click();
  const input = card.getByLabel(tr('adminSubscriptions:domain.urlLabel', { seat: seatOne }));
  await expect(input).toHaveValue(firstSite);
  await input.fill(`${secondSite.replace('https://', 'https://www.')}/shop?x=1`);
  await input.press('Enter');
  await expect(toast(page, tr('adminSubscriptions:domain.updated'))).toBeVisible();
  await expect(card.getByRole('link', { name: secondSite })).toBeVisible();
  // The admin's change costs the customer no binding change.
  await expect(card.getByRole('row', { name: /#1/ })).toContainText(/2$/);

  // The domain search finds the student too.
  await page.getByRole('searchbox', { name: tr('adminSubscriptions:search') }).fill(`moved-${run}`);
  await expect(page.getByRole('article', { name: student })).toBeVisible();

  // 4. The audit log shows the rebinding, the batch and the automatic grant, each action by its label in
  // the interface's language (src/locales/<language>/adminAudit.json, actions), its target and actor too.
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: tr('adminAudit:title') })).toBeVisible();
  await page
    .getByLabel(tr('adminAudit:filters.action'), { exact: true })
    .selectOption('license.domain');
  const log = page.getByRole('table', { name: tr('adminAudit:table') });
  // A sentence (docs/product.md, back office: a readable audit log): the seat by its number and customer.
  const rebind = log.getByRole('row').filter({ hasText: secondSite });
  await expect(rebind).toHaveCount(1);
  await expect(rebind).toContainText(ADMIN);
  await expect(rebind).toContainText(tr('adminAudit:actions.license.domain'));
  await expect(rebind).not.toContainText('license.domain');
  await expect(rebind).toContainText(
    tr('adminAudit:sentences.license.moved', {
      seat: tr('adminAudit:ref.seat', { seat: 1, email: student }),
      from: firstSite,
      to: secondSite,
    }),
  );

  await page.getByLabel(tr('adminAudit:filters.action'), { exact: true }).selectOption('vip.grant');
  const grant = log.getByRole('row').filter({ hasText: student });
  await expect(grant).toContainText(tr('adminAudit:actions.vip.grant'));
  await expect(grant).toContainText(tr('adminAudit:actor.system'));
  await expect(grant).toContainText(
    within('adminAudit:sentences.vip.grant', { count: 2, customer: student }),
  );

  await page.getByLabel(tr('adminAudit:filters.action'), { exact: true }).selectOption('');
  await page
    .getByRole('searchbox', { name: tr('adminAudit:filters.actor'), exact: true })
    .fill(ADMIN);
  await expect(
    log
      .getByRole('row')
      .filter({ hasText: tr('adminAudit:actions.vip.batch') })
      .first(),
  ).toContainText(tr('adminAudit:target.addresses', { count: 4 }));
  await expect(
    log.getByRole('row').filter({ hasText: tr('adminAudit:actions.vip.grant') }),
  ).toHaveCount(0);
});
