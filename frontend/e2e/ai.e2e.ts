import { expect, test } from '@playwright/test';
import { giveSeats, requireDatabase } from './support/db';
import { escapeRegExp, formatDate, tr } from './support/i18n';
import { customerEmail, seatOf, signIn, toast } from './support/journey';

// AI per seat end to end, against the app's own OpenAI-compatible development provider (/dev-ai/v1):
// a customer configures a seat (the server tests the provider before saving), sees the masked key in
// the seat table, reveals it, then runs a generation on the /test page.

/** A field's label with its marks after it (the required asterisk): /^API URL/. */
const label = (key: string) => new RegExp(`^${escapeRegExp(tr(key))}`);
const seat1 = tr('console:seats.aiSettingsFor', { seat: 1 });

test('a customer configures AI for a seat, then generates on the test page', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  requireDatabase();
  const email = customerEmail('ai.user');
  const devAi = `${baseURL}/dev-ai/v1`;
  await signIn(page, '/dashboard', email, 'AI User');
  await giveSeats(email, 'pro', 1);
  await page.reload();
  await expect(
    page.getByRole('heading', { name: tr('console:seats.titleWithPlan', { plan: 'Pro' }) }),
  ).toBeVisible();
  const row = seatOf(page, 1);
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('****'); // no key saved yet

  // The modal: titled with the seat, an empty API URL (an example as placeholder), no saved key yet.
  await row.getByRole('button', { name: seat1 }).click();
  const dialog = page.getByRole('dialog', { name: seat1 });
  await expect(dialog).toBeVisible();
  const apiUrl = dialog.getByLabel(label('ai:config.apiUrl'));
  await expect(apiUrl).toHaveValue('');

  // A model the provider does not have: the server lists what it tried and what it offers.
  await apiUrl.fill(devAi);
  await dialog.getByLabel(label('ai:config.apiKey')).fill('sk-e2e-1234567890');
  await dialog.getByLabel(label('ai:config.model')).fill('no-such-model');
  await dialog.getByRole('button', { name: tr('ai:config.testAndSave') }).click();
  await expect(dialog.getByText(tr('errors:needs_model'))).toBeVisible();
  await expect(dialog.getByRole('list', { name: tr('ai:config.triedModels') })).toContainText(
    'no-such-model: The model `no-such-model` does not exist',
  );
  // Picking a suggestion fills the model; Ctrl + Enter tests and saves.
  await dialog
    .getByRole('group', { name: tr('ai:config.suggestedModelsLabel') })
    .getByRole('button', { name: 'dev-chat', exact: true })
    .click();
  await expect(dialog.getByLabel(label('ai:config.model'))).toHaveValue('dev-chat');
  await dialog.getByLabel(label('ai:config.model')).press('Control+Enter');
  await expect(toast(page, tr('ai:config.saved'))).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeHidden();

  // The table shows the saved URL and the masked key.
  await expect(row).toContainText(devAi);
  await expect(row).toContainText('sk-e****7890');

  // Opened again: the saved key (masked) and the last update; reveal shows it for 2.5 seconds.
  await row.getByRole('button', { name: seat1 }).click();
  await expect(dialog.getByText('sk-e****7890')).toBeVisible();
  await expect(
    dialog.getByText(
      new RegExp(`^${escapeRegExp(tr('ai:config.lastUpdated', { date: formatDate() }))}`),
    ),
  ).toBeVisible();
  await expect(dialog.getByLabel(label('ai:config.apiUrl'))).toHaveValue(devAi);
  await expect(dialog.getByLabel(label('ai:config.model'))).toHaveValue('dev-chat');
  const key = dialog.getByLabel(label('ai:config.apiKey'));
  await dialog.getByRole('button', { name: tr('ai:config.revealLabel') }).click();
  await expect(key).toHaveValue('sk-e2e-1234567890');
  await expect(key).toHaveAttribute('type', 'text');
  await expect(key).toHaveAttribute('type', 'password', { timeout: 4_000 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The test page: a generation through the same provider, polled until it completes.
  await page.goto('/test');
  await expect(
    page.getByRole('heading', { level: 1, name: tr('ai:generate.title') }),
  ).toBeVisible();
  await page.getByLabel(label('ai:generate.userPrompt')).fill('Say hello from the e2e journey');
  // Other settings than the seat's saved ones (e2e/ai-settings.e2e.ts sends with the saved ones).
  await page.getByRole('checkbox', { name: tr('ai:generate.useOther') }).check();
  await page.getByLabel(label('ai:generate.apiUrl')).fill(devAi);
  await page.getByLabel(label('ai:generate.apiKey')).fill('sk-e2e-1234567890');
  // dev-slow answers after 3 seconds, so the running state is there to see.
  await page.getByLabel(label('ai:generate.model')).fill('dev-slow');
  await page.getByRole('button', { name: tr('ai:generate.send') }).click();
  const running = page.getByRole('status', { name: tr('ai:generate.generating') });
  await expect(running).toContainText(
    new RegExp(
      escapeRegExp(tr('ai:generate.generatingWorkflow', { workflowId: 'WORKFLOW' }))
        .replace(/<\/?code>/g, '')
        .replace('WORKFLOW', '[0-9a-f-]{36}'),
    ),
  );
  const content = page.getByLabel(tr('ai:generate.content'));
  await expect(content).toContainText('<!-- dev-slow -->', { timeout: 15_000 });
  await expect(running).toBeHidden();
  await expect(content).toContainText('Say hello from the e2e journey');
});
