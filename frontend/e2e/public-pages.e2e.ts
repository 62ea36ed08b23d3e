import { expect, test } from '@playwright/test';
import { LANG, escapeRegExp, isZh, tr } from './support/i18n';

// The public pages in the run's language (E2E_LANG: the browser's language, no saved choice). The home
// page's texts are the spec's (its Chinese in zh-CN, the catalogue's English in en); the docs' chrome
// comes from the catalogues, their Markdown from the seller (seeded per language, edited at /admin/docs).

/** A section seeded in both languages (backend src/docs/seed/docs-seed.{en,zh-cn}.ts), with one of its headings. */
const seeded = {
  slug: 'token-auth',
  heading: isZh ? '传递激活码' : 'Passing the code',
  code: 'Authorization: Bearer YOUR_ACTIVATION_CODE',
};

const section = (slug: string) => tr(`docs:sections.${slug}`);

test('home shows its sections and its buttons lead to the docs and the console', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', LANG);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('home:hero.title'));
  const editor = tr('home:editor.title');
  const theme = tr('home:theme.title');
  const performance = tr('home:performance.title');
  const steps = tr('home:steps.title');
  for (const name of [editor, theme, performance, steps]) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: editor }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('region', { name: theme }).getByRole('listitem')).toHaveCount(5);
  await expect(
    page.getByRole('region', { name: performance }).getByText('100', { exact: true }),
  ).toHaveCount(3);
  await expect(page.getByRole('region', { name: steps }).getByRole('listitem')).toHaveCount(4);

  await page.getByRole('link', { name: tr('home:hero.secondary') }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(section('introduction'));

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  // Signed out, the console sends the visitor to sign in first.
  await page.getByRole('link', { name: tr('home:hero.primary') }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);

  await page.goto('/');
  await page.getByRole('link', { name: tr('home:closing.action') }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});

test('home fits a 360 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('home:hero.title'));
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('docs switch sections through the sidebar, and back returns to the previous one', async ({
  page,
}) => {
  await page.goto('/docs');
  const sidebar = page.getByRole('navigation', { name: tr('docs:contents') });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(section('introduction'));
  await expect(sidebar.getByRole('link', { name: section('introduction') })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await sidebar.getByRole('link', { name: section('installation') }).click();
  await expect(page).toHaveURL(/\/docs\/installation$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(section('installation'));

  // A section with no Markdown in either language shows the placeholder.
  await sidebar.getByRole('link', { name: section('editor-basics') }).click();
  await expect(page).toHaveURL(/\/docs\/editor-basics$/);
  await expect(page.getByRole('article')).toContainText(tr('docs:placeholder'));

  await page.goBack();
  await expect(page).toHaveURL(/\/docs\/installation$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(section('installation'));
  await expect(sidebar.getByRole('link', { name: section('installation') })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('a deep link opens its section, and an unknown one says so', async ({ page }) => {
  await page.goto(`/docs/${seeded.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(section(seeded.slug));
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 2, name: seeded.heading })).toBeVisible();
  await expect(article).toContainText(seeded.code);

  await page.goto('/docs/no-such-section');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('docs:notFound.title'));
  await page
    .getByRole('link', { name: tr('docs:notFound.back', { section: section('introduction') }) })
    .click();
  await expect(page).toHaveURL(/\/docs\/introduction$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(section('introduction'));
});

test('on a phone the docs sidebar folds into a menu', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/docs');
  const toggle = page.getByRole('button', { name: new RegExp(escapeRegExp(tr('docs:contents'))) });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('link', { name: section('ai-assist') })).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('link', { name: section('ai-assist') }).click();
  await expect(page).toHaveURL(/\/docs\/ai-assist$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(section('ai-assist'));
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('the API sections show their tables as tables, and fit a 360 px phone (wide tables scroll in place)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const slug of ['token-auth', 'api-endpoints', 'error-handling']) {
    await page.goto(`/docs/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(section(slug));
    const article = page.getByRole('article');
    await expect(article.getByRole('table').first()).toBeVisible();
    await expect(article.getByText(/^\|/)).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, slug).toBeLessThanOrEqual(0);
  }
});

test('the routes page lists the three endpoints and links to the interactive docs', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'API' }).click();
  await expect(page).toHaveURL(/\/routes$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('routes:title'));

  const health = page.getByRole('region', { name: tr('routes:endpoints.health.title') });
  const latest = page.getByRole('region', { name: tr('routes:endpoints.latestPosts.title') });
  const create = page.getByRole('region', { name: tr('routes:endpoints.createPost.title') });
  await expect(health).toContainText('GET');
  await expect(health).toContainText('/api/health');
  await expect(latest).toContainText('/api/posts/latest');
  await expect(latest).toContainText('pageSize');
  await expect(create).toContainText('POST');
  await expect(create).toContainText(tr('routes:requiresAuth'));

  // The examples match what the server answers.
  expect(await (await page.request.get('/api/health')).json()).toEqual({ status: 'ok' });
  const posts = await (await page.request.get('/api/posts/latest?page=1&pageSize=5')).json();
  expect(posts.pagination).toMatchObject({ page: 1, pageSize: 5 });

  const docsLink = page.getByRole('link', {
    name: tr('routes:fullDocs', { url: '/api/docs' }),
    exact: true,
  });
  await expect(docsLink).toHaveAttribute('href', '/api/docs');
  await docsLink.click();
  await expect(page).toHaveURL(/\/api\/docs\/?$/);
  await expect(page.locator('#swagger-ui')).toBeVisible();
});
