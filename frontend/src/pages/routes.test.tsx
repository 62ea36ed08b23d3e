import { afterEach, describe, expect, it } from 'vitest';
import { appConfig } from '../lib/config';
import { renderIn } from '../test/i18n';
import { render, screen, within } from '../test/render';
import RoutesPage from './routes';

describe('RoutesPage', () => {
  afterEach(() => {
    delete appConfig.apiDocs;
  });

  it('links to the interactive docs, unless the server keeps them off (production without API_DOCS)', () => {
    const { unmount } = render(<RoutesPage />);
    expect(screen.getByRole('link', { name: /\/api\/docs/ })).toHaveAttribute('href', '/api/docs');
    unmount();
    appConfig.apiDocs = false;
    render(<RoutesPage />);
    expect(screen.queryByRole('link', { name: /\/api\/docs/ })).not.toBeInTheDocument();
  });

  it('is titled API Documentation', () => {
    render(<RoutesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'API Documentation' })).toBeVisible();
  });

  it('lists the three endpoints with their methods and paths', () => {
    render(<RoutesPage />);
    const health = screen.getByRole('region', { name: 'Health check' });
    const latest = screen.getByRole('region', { name: 'Latest posts' });
    const create = screen.getByRole('region', { name: 'Create post' });
    expect(health).toHaveTextContent('GET');
    expect(health).toHaveTextContent('/api/health');
    expect(health).toHaveTextContent('"status": "ok"');
    expect(latest).toHaveTextContent('GET');
    expect(latest).toHaveTextContent('/api/posts/latest');
    expect(create).toHaveTextContent('POST');
    expect(create).toHaveTextContent('/api/posts');
  });

  it('documents the paging of the latest posts', () => {
    render(<RoutesPage />);
    const latest = screen.getByRole('region', { name: 'Latest posts' });
    expect(latest).toHaveTextContent('page');
    expect(latest).toHaveTextContent('pageSize');
    expect(latest).toHaveTextContent('1 to 50 (default 10)');
    expect(latest).toHaveTextContent('"pagination"');
  });

  it('marks only the create call as requiring authentication', () => {
    render(<RoutesPage />);
    const create = screen.getByRole('region', { name: 'Create post' });
    expect(within(create).getByText('requires authentication')).toBeVisible();
    expect(create).toHaveTextContent('Authorization: Bearer <activation code>');
    expect(create).toHaveTextContent('title');
    expect(create).toHaveTextContent('body');
    expect(screen.getAllByText('requires authentication')).toHaveLength(1);
    expect(screen.getAllByText('public')).toHaveLength(2);
  });

  it('links to the interactive docs with a plain link the server answers', () => {
    render(<RoutesPage />);
    const link = screen.getByRole('link', { name: /interactive API docs/ });
    expect(link).toHaveAttribute('href', '/api/docs');
  });
});

describe('RoutesPage in zh-CN', () => {
  it('shows the page in Chinese; the server’s status lines, messages and examples stay as sent', async () => {
    await renderIn('zh-CN', <RoutesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'API 文档' })).toBeVisible();
    const create = screen.getByRole('region', { name: '发布文章' });
    expect(within(create).getByText('需要认证')).toBeVisible();
    expect(create).toHaveTextContent('Authorization: Bearer <激活码>');
    expect(create).toHaveTextContent('401 Unauthorized: User not authenticated');
    expect(screen.getByRole('region', { name: '最新文章' })).toHaveTextContent(
      '1 到 50 的整数（默认 10）',
    );
    expect(screen.getAllByText('公开')).toHaveLength(2);
    expect(screen.getByRole('link', { name: /交互式 API 文档/ })).toHaveAttribute(
      'href',
      '/api/docs',
    );
  });
});
