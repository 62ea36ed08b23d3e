import { describe, expect, it } from 'vitest';
import { render, screen } from '../../../test/render';
import { Markdown } from './Markdown';

describe('Markdown', () => {
  it('renders headings, lists and code', () => {
    render(<Markdown>{'## 标题\n\n- 一\n- 二\n\n```http\nPOST /api/verify-token\n```'}</Markdown>);
    expect(screen.getByRole('heading', { level: 2, name: '标题' })).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('POST /api/verify-token')).toBeVisible();
  });

  it('opens links in a new tab without access to this page', () => {
    render(<Markdown>{'[provider](https://example.com/keys)'}</Markdown>);
    const link = screen.getByRole('link', { name: 'provider' });
    expect(link).toHaveAttribute('href', 'https://example.com/keys');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('drops raw HTML and unsafe URLs', () => {
    const { container } = render(
      <Markdown>
        {
          '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[click](javascript:alert(1))'
        }
      </Markdown>,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toContain('onerror');
    expect(screen.getByText('click').closest('a')?.getAttribute('href') ?? '').not.toContain(
      'javascript',
    );
  });
});
