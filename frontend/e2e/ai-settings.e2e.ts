import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { giveSeats, requireDatabase } from './support/db';
import { escapeRegExp, isZh, tr } from './support/i18n';
import { signIn, toast } from './support/journey';
import { seriousAxe } from './support/axe';

// Issue #28 items 5 and 14, at desktop and phone sizes: a wrong API URL in the AI settings is told once,
// in the customer's language (not six provider lines); the /test page sends its two defaults with the
// seat's saved settings, the key staying on the server. Screenshots in tmp/e2e-console/<language>/.

const label = (key: string) => new RegExp(`^${escapeRegExp(tr(key))}`);
const seat1 = tr('console:seats.aiSettingsFor', { seat: 1 });

for (const [width, height] of [
  [1366, 900],
  [390, 844],
] as const) {
  test(`AI settings say what failed once, and /test sends with the saved settings (${width}px)`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    requireDatabase();
    const dir = join(test.info().project.testDir, '../../tmp/e2e-console', isZh ? 'zh-CN' : 'en');
    mkdirSync(dir, { recursive: true });
    await page.setViewportSize({ width, height });
    const email = `ai.settings.${width}@example.com`;
    const devAi = `${baseURL}/dev-ai/v1`;
    await signIn(page, '/dashboard', email, 'AI Settings');
    await giveSeats(email, 'pro', 1);
    await page.reload();

    // The modal: an empty API URL with an example, not a third-party gateway.
    const opener = page.getByRole('button', { name: seat1 });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: seat1 });
    await expect(dialog).toBeVisible();
    const apiUrl = dialog.getByLabel(label('ai:config.apiUrl'));
    await expect(apiUrl).toHaveValue('');
    await expect(apiUrl).toHaveAttribute(
      'placeholder',
      tr('ai:config.apiUrlPlaceholder', { example: 'https://api.openai.com/v1' }),
    );

    // A wrong endpoint (the provider's server, without /v1): one clear error, no provider lines.
    await apiUrl.fill(`${baseURL}/dev-ai`);
    await dialog.getByLabel(label('ai:config.apiKey')).fill('sk-e2e-settings-1234');
    await dialog.getByRole('button', { name: tr('ai:config.testAndSave') }).click();
    const failure = dialog.getByLabel(tr('ai:config.saveFailed'));
    await expect(failure).toHaveText(tr('errors:AI_NOT_OPENAI_COMPATIBLE'), { timeout: 20_000 });
    await expect(dialog.getByText(/Cannot (POST|GET)/)).toHaveCount(0);
    await expect(dialog.getByRole('list', { name: tr('ai:config.triedModels') })).toHaveCount(0);
    await expect(dialog.getByText(tr('errors:needs_model'))).toHaveCount(0);
    await page.screenshot({ path: join(dir, `ai-modal-error-${width}.png`) });
    expect(await seriousAxe(page, { include: '[role="dialog"]' })).toEqual([]);

    // The right one saves; the modal closes and focus returns to its button.
    await apiUrl.fill(devAi);
    await dialog.getByLabel(label('ai:config.model')).fill('dev-chat');
    await dialog.getByLabel(label('ai:config.model')).press('Control+Enter');
    await expect(toast(page, tr('ai:config.saved'))).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // /test: two inputs with defaults and send; the saved settings of seat #1, nothing to type.
    await page.goto('/test');
    await expect(
      page.getByRole('heading', { level: 1, name: tr('ai:generate.title') }),
    ).toBeVisible();
    await expect(page.getByLabel(label('ai:generate.userPrompt'))).toHaveValue(
      tr('ai:generate.defaultPrompt'),
    );
    await expect(page.getByLabel(label('ai:generate.codeSnippet'))).not.toHaveValue('');
    await expect(page.getByRole('note')).toHaveText(
      tr('ai:generate.usingSeat', { seat: tr('ai:generate.seat', { seat: 1 }) }),
    );
    await expect(page.getByLabel(label('ai:generate.apiKey'))).toHaveCount(0);
    await page.screenshot({ path: join(dir, `test-page-${width}.png`), fullPage: true });
    expect(await seriousAxe(page, { include: 'main' })).toEqual([]);

    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith('/api/ai/generate'),
    );
    // By keyboard: the send button is reachable and pressed with Enter.
    const send = page.getByRole('button', { name: tr('ai:generate.send') });
    await send.focus();
    await page.keyboard.press('Enter');
    const body = (await sent).postDataJSON() as { licenseId?: string; config?: unknown };
    expect(body.licenseId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.config).toBeUndefined();
    const content = page.getByLabel(tr('ai:generate.content'));
    await expect(content).toContainText('<!-- dev-chat -->', { timeout: 15_000 });
    await expect(page.getByText('sk-e2e-settings-1234')).toHaveCount(0);
    await page.screenshot({ path: join(dir, `test-page-result-${width}.png`), fullPage: true });
    expect(await seriousAxe(page, { include: 'main' })).toEqual([]);
  });
}
