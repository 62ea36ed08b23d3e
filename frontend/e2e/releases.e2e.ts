import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { tr } from './support/i18n';
import { signIn, toast } from './support/journey';

// Releases managed in the app (docs/wordpress.md): the admin uploads Visual Editor 1.1.0 on
// /admin/releases (a zip built here: visual-editor/visual-editor.php with its headers), sees it current,
// and WordPress's update metadata offers 1.1.0; then rolls back to the seeded 1.0.0 and the metadata
// offers 1.0.0 again (the state the other journeys expect). A file that is not a zip, and a zip whose
// main file names another version, are refused with the server's clear words and the form kept.

const PRODUCT = 'Visual Editor';
const here = dirname(fileURLToPath(import.meta.url));

/** scripts/release-samples.mjs's reproducible zip writer (name → bytes), as the samples are built. */
async function zipOf(files: Record<string, string>): Promise<Buffer> {
  const samples = pathToFileURL(join(here, '../../scripts/release-samples.mjs')).href;
  const { zip } = (await import(samples)) as { zip: (files: Map<string, Buffer>) => Buffer };
  return zip(new Map(Object.entries(files).map(([name, text]) => [name, Buffer.from(text)])));
}

const pluginZip = (version: string) =>
  zipOf({
    'visual-editor/visual-editor.php': [
      '<?php',
      '/**',
      ' * Plugin Name: Visual Editor',
      ` * Version: ${version}`,
      ' * Requires at least: 6.0',
      ' * Requires PHP: 7.4',
      ' */',
      "defined( 'ABSPATH' ) || exit;",
      '',
    ].join('\n'),
    'visual-editor/readme.txt': `=== Visual Editor ===\nStable tag: ${version}\n`,
  });

/** The version WordPress sites are offered now (GET /api/wp-updates/plugins/visual-editor/info). */
async function offered(request: APIRequestContext): Promise<string> {
  const answer = await request.get('/api/wp-updates/plugins/visual-editor/info');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { version: string }).version;
}

/** Picks a file through the browser's file chooser, as a person would. */
async function chooseFile(page: Page, form: Locator, name: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: tr('releases:upload.file') }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/zip', buffer });
  await expect(form).toContainText(name);
}

test('an admin uploads Visual Editor 1.1.0, sites are offered it, then the admin rolls back to 1.0.0', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  expect(await offered(request)).toBe('1.0.0');

  await signIn(page, '/admin/releases', E2E_ADMIN, 'Ada Admin');
  await expect(page.getByRole('heading', { level: 1, name: tr('releases:title') })).toBeVisible();
  const product = page.getByRole('region', { name: PRODUCT, exact: true });
  const current = page.getByRole('region', {
    name: tr('releases:current.label', { name: PRODUCT }),
    exact: true,
  });
  await expect(current.getByTestId('current-version')).toHaveText('1.0.0');
  await expect(current).toContainText(tr('releases:history.seeded'));

  // The upload form, prefilled with the current release's requirements.
  await product.getByRole('button', { name: tr('releases:upload.open') }).click();
  const form = page.getByRole('form', { name: tr('releases:upload.form', { name: PRODUCT }) });
  await expect(form).toBeVisible();
  await form.getByRole('textbox', { name: tr('releases:fields.version') }).fill('1.1.0');
  await form
    .getByRole('textbox', { name: tr('releases:fields.changelog') })
    .fill('## Undo history\n\n- Every change can be undone');
  await expect(
    form.getByLabel(tr('releases:upload.preview')).getByRole('heading', { name: 'Undo history' }),
  ).toBeVisible();
  const refusal = form.getByRole('alert');

  // Not a zip at all, though named like one: the server says so.
  await chooseFile(page, form, 'visual-editor-1.1.0.zip', Buffer.from('not a zip archive'));
  await form.getByRole('button', { name: tr('releases:upload.submit'), exact: true }).click();
  await expect(refusal).toContainText(
    tr('errors:RELEASE_NOT_ZIP', { message: 'The file is not a zip archive' }),
  );

  // A zip whose main file says another version: refused, naming both; the form keeps its input.
  await chooseFile(page, form, 'visual-editor-1.1.0.zip', await pluginZip('1.0.9'));
  await form.getByRole('button', { name: tr('releases:upload.submit'), exact: true }).click();
  await expect(refusal).toContainText('1.0.9');
  await expect(refusal).toContainText('1.1.0');
  await expect(form.getByRole('textbox', { name: tr('releases:fields.version') })).toHaveValue(
    '1.1.0',
  );
  expect(await offered(request)).toBe('1.0.0');

  // The right build: uploaded, current at once, offered to sites.
  await chooseFile(page, form, 'visual-editor-1.1.0.zip', await pluginZip('1.1.0'));
  await form.getByRole('button', { name: tr('releases:upload.submit'), exact: true }).click();
  await expect(
    toast(page, tr('releases:uploaded', { name: PRODUCT, version: '1.1.0' })),
  ).toBeVisible();
  await expect(form).toBeHidden();
  await expect(current.getByTestId('current-version')).toHaveText('1.1.0');
  await expect(current).toContainText(E2E_ADMIN);
  await expect(current.getByRole('heading', { name: 'Undo history' })).toBeVisible();
  const history = page.getByRole('table', {
    name: tr('releases:history.table', { name: PRODUCT }),
  });
  const rows = history.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('1.1.0');
  await expect(rows.nth(1)).toContainText(tr('releases:current.badge'));
  await expect(rows.nth(2)).toContainText('1.0.0');
  expect(await offered(request)).toBe('1.1.0');

  // Rollback: the confirmation names both versions; sites are offered 1.0.0 again.
  await rows
    .nth(2)
    .getByRole('button', { name: tr('releases:history.makeCurrentOf', { version: '1.0.0' }) })
    .click();
  const dialog = page.getByRole('dialog', {
    name: tr('releases:move.titleRollback', { name: PRODUCT, version: '1.0.0' }),
  });
  await expect(dialog).toContainText(tr('releases:move.offer', { to: '1.0.0', from: '1.1.0' }));
  await dialog
    .getByRole('button', { name: tr('releases:move.confirmRollback', { version: '1.0.0' }) })
    .click();
  await expect(
    toast(page, tr('releases:madeCurrent', { name: PRODUCT, version: '1.0.0' })),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(current.getByTestId('current-version')).toHaveText('1.0.0');
  await expect(
    rows.nth(1).getByRole('button', {
      name: tr('releases:history.makeCurrentOf', { version: '1.1.0' }),
    }),
  ).toBeVisible();
  expect(await offered(request)).toBe('1.0.0');
});
