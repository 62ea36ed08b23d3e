import { expect, test } from '@playwright/test';
import { giveSeats, requireDatabase } from './support/db';
import { signIn, toast } from './support/journey';

// AI per seat end to end, against the app's own OpenAI-compatible development provider (/dev-ai/v1):
// a customer configures a seat (the server tests the provider before saving), sees the masked key in
// the seat table, reveals it, then runs a generation on the /test page.

test('a customer configures AI for a seat, then generates on the test page', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  requireDatabase();
  const email = 'ai.user@example.com';
  const devAi = `${baseURL}/dev-ai/v1`;
  await signIn(page, '/dashboard', email, 'AI User');
  await giveSeats(email, 'pro', 1);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'lifetime licence seats (Pro)' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: '#1' });
  await expect(row.getByRole('cell').nth(3)).toHaveText('-');

  // The modal: titled with the seat, the default gateway URL, no saved key yet.
  await row.getByRole('button', { name: 'AI settings for seat #1' }).click();
  const dialog = page.getByRole('dialog', { name: 'AI settings for seat #1' });
  await expect(dialog).toBeVisible();
  const apiUrl = dialog.getByLabel(/^API URL/);
  await expect(apiUrl).toHaveValue('https://api.openai-proxy.org/v1');

  // A model the provider does not have: the server lists what it tried and what it offers.
  await apiUrl.fill(devAi);
  await dialog.getByLabel(/^API Key/).fill('sk-e2e-1234567890');
  await dialog.getByLabel(/^test model ID/).fill('no-such-model');
  await dialog.getByRole('button', { name: 'test and save' }).click();
  await expect(dialog.getByText('please provide an available model ID and retry')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'tried models' })).toContainText(
    'no-such-model: The model `no-such-model` does not exist',
  );
  // Picking a suggestion fills the model; Ctrl + Enter tests and saves.
  await dialog
    .getByRole('group', { name: 'suggested models' })
    .getByRole('button', { name: 'dev-chat', exact: true })
    .click();
  await expect(dialog.getByLabel(/^test model ID/)).toHaveValue('dev-chat');
  await dialog.getByLabel(/^test model ID/).press('Control+Enter');
  await expect(toast(page, 'verified, configuration saved')).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeHidden();

  // The table shows the saved URL and the masked key.
  await expect(row).toContainText(devAi);
  await expect(row).toContainText('sk-e****7890');

  // Opened again: the saved key (masked) and the last update; reveal shows it for 2.5 seconds.
  await row.getByRole('button', { name: 'AI settings for seat #1' }).click();
  await expect(dialog.getByText('sk-e****7890')).toBeVisible();
  await expect(dialog.getByText(/^last updated: [A-Z][a-z]+ \d{1,2}, \d{4}/)).toBeVisible();
  await expect(dialog.getByLabel(/^API URL/)).toHaveValue(devAi);
  await expect(dialog.getByLabel(/^test model ID/)).toHaveValue('dev-chat');
  const key = dialog.getByLabel(/^API Key/);
  await dialog.getByRole('button', { name: 'reveal API Key' }).click();
  await expect(key).toHaveValue('sk-e2e-1234567890');
  await expect(key).toHaveAttribute('type', 'text');
  await expect(key).toHaveAttribute('type', 'password', { timeout: 4_000 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The test page: a generation through the same provider, polled until it completes.
  await page.goto('/test');
  await expect(page.getByRole('heading', { level: 1, name: 'AI Generation Test' })).toBeVisible();
  await page.getByLabel(/^user prompt/).fill('Say hello from the e2e journey');
  await page.getByLabel(/^API URL/).fill(devAi);
  await page.getByLabel(/^API Key/).fill('sk-e2e-1234567890');
  // dev-slow answers after 3 seconds, so the running state is there to see.
  await page.getByLabel(/^model/).fill('dev-slow');
  await page.getByRole('button', { name: 'send' }).click();
  const running = page.getByRole('status', { name: 'generating' });
  await expect(running).toContainText(/generating\.\.\. workflow [0-9a-f-]{36}/);
  const content = page.getByLabel('generated content');
  await expect(content).toContainText('<!-- dev-slow -->', { timeout: 15_000 });
  await expect(running).toBeHidden();
  await expect(content).toContainText('Say hello from the e2e journey');
});
