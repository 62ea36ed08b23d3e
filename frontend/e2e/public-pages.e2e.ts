import { expect, test } from '@playwright/test';

// The home and docs texts are Chinese by the spec: these journeys browse in zh-CN (the browser's language).
test.describe('in zh-CN', () => {
  test.use({ locale: 'zh-CN' });

  test('home shows its sections and its buttons lead to the docs and the console', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      '为内容管理系统打造的极简工具链',
    );
    for (const name of ['编辑器插件核心功能', '极简主题特性', '性能满分', '四步开始使用']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(
      page.getByRole('region', { name: '编辑器插件核心功能' }).getByRole('listitem'),
    ).toHaveCount(5);
    await expect(
      page.getByRole('region', { name: '极简主题特性' }).getByRole('listitem'),
    ).toHaveCount(5);
    await expect(
      page.getByRole('region', { name: '性能满分' }).getByText('100', { exact: true }),
    ).toHaveCount(3);
    await expect(
      page.getByRole('region', { name: '四步开始使用' }).getByRole('listitem'),
    ).toHaveCount(4);

    await page.getByRole('link', { name: '查看文档' }).click();
    await expect(page).toHaveURL(/\/docs$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('介绍');

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    // Signed out, the console sends the visitor to sign in first.
    await page.getByRole('link', { name: '开始使用' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);

    await page.goto('/');
    await page.getByRole('link', { name: '进入控制台' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  });

  test('home fits a 360 px phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('docs switch sections through the sidebar, and back returns to the previous one', async ({
    page,
  }) => {
    await page.goto('/docs');
    const sidebar = page.getByRole('navigation', { name: '文档目录' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('介绍');
    await expect(sidebar.getByRole('link', { name: '介绍' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await sidebar.getByRole('link', { name: '安装' }).click();
    await expect(page).toHaveURL(/\/docs\/installation$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('安装');

    await sidebar.getByRole('link', { name: '编辑器基础' }).click();
    await expect(page).toHaveURL(/\/docs\/editor-basics$/);
    await expect(page.getByRole('article')).toContainText('内容正在编写中');

    await page.goBack();
    await expect(page).toHaveURL(/\/docs\/installation$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('安装');
    await expect(sidebar.getByRole('link', { name: '安装' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('a deep link opens its section, and an unknown one says so', async ({ page }) => {
    await page.goto('/docs/configuration');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('配置');
    await expect(page.getByRole('article')).toContainText('Authorization: Bearer <激活码>');

    await page.goto('/docs/no-such-section');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('未找到该文档');
    await page.getByRole('link', { name: '返回「介绍」' }).click();
    await expect(page).toHaveURL(/\/docs\/introduction$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('介绍');
  });

  test('on a phone the docs sidebar folds into a menu', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/docs');
    const toggle = page.getByRole('button', { name: /文档目录/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'AI 辅助' })).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('link', { name: 'AI 辅助' }).click();
    await expect(page).toHaveURL(/\/docs\/ai-assist$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI 辅助');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

test('the routes page lists the three endpoints and links to the interactive docs', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'API' }).click();
  await expect(page).toHaveURL(/\/routes$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API Documentation');

  const health = page.getByRole('region', { name: 'Health check' });
  const latest = page.getByRole('region', { name: 'Latest posts' });
  const create = page.getByRole('region', { name: 'Create post' });
  await expect(health).toContainText('GET');
  await expect(health).toContainText('/api/health');
  await expect(latest).toContainText('/api/posts/latest');
  await expect(latest).toContainText('pageSize');
  await expect(create).toContainText('POST');
  await expect(create).toContainText('requires authentication');

  // The examples match what the server answers.
  expect(await (await page.request.get('/api/health')).json()).toEqual({ status: 'ok' });
  const posts = await (await page.request.get('/api/posts/latest?page=1&pageSize=5')).json();
  expect(posts.pagination).toMatchObject({ page: 1, pageSize: 5 });

  const docsLink = page.getByRole('link', { name: /interactive API docs/ });
  await expect(docsLink).toHaveAttribute('href', '/api/docs');
  await docsLink.click();
  await expect(page).toHaveURL(/\/api\/docs\/?$/);
  await expect(page.locator('#swagger-ui')).toBeVisible();
});

test('in English the home page, the docs chrome and the placeholder are English', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'A minimalist toolchain for your content management system',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('link', { name: 'View docs' }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Introduction');
  await page.goto('/docs/editor-basics');
  await expect(page.getByRole('article')).toContainText('content is being written');
});
