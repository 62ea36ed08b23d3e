import { describe, expect, it } from 'vitest';
import { render, screen } from '../test/render';
import { SafeMarkdown } from './SafeMarkdown';

describe('SafeMarkdown', () => {
  it('renders Markdown: emphasis, lists and code', () => {
    render(<SafeMarkdown>{'**粗体** 与 `code`\n\n- 一\n- 二'}</SafeMarkdown>);
    expect(screen.getByText('粗体').tagName).toBe('STRONG');
    expect(screen.getByText('code').tagName).toBe('CODE');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('renders GitHub tables (the docs’ API sections), with inline code in cells', () => {
    render(
      <SafeMarkdown>
        {
          '| Header | Meaning |\n| --- | --- |\n| `X-RateLimit-Limit` | requests allowed |\n| `Retry-After` | seconds to wait |'
        }
      </SafeMarkdown>,
    );
    const table = screen.getByRole('table');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Header',
      'Meaning',
    ]);
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('X-RateLimit-Limit').tagName).toBe('CODE');
    expect(table.textContent).not.toContain('|');
  });

  it('opens links in a new tab with noopener noreferrer', () => {
    render(<SafeMarkdown>{'see [the docs](https://example.com/docs)'}</SafeMarkdown>);
    const link = screen.getByRole('link', { name: 'the docs' });
    expect(link).toHaveAttribute('href', 'https://example.com/docs');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("shows images from this site (a path or this site's address)", () => {
    const own = `${window.location.origin}/images/shot.png`;
    render(<SafeMarkdown>{`![logo](/images/logo.png)\n\n![shot](${own})`}</SafeMarkdown>);
    expect(screen.getByRole('img', { name: 'logo' })).toHaveAttribute('src', '/images/logo.png');
    expect(screen.getByRole('img', { name: 'shot' })).toHaveAttribute('src', own);
  });

  it('drops images from other sites (they could count the readers): their alt text stays', () => {
    const { container } = render(
      <SafeMarkdown>
        {
          '![pixel](https://tracker.example/p.gif) and ![cdn](//cdn.example/x.png) and ![raw](http://10.0.0.1/x.png)'
        }
      </SafeMarkdown>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('pixel');
    expect(container.textContent).toContain('cdn');
    expect(container.textContent).toContain('raw');
  });

  it("shows images from the seller's DOCS_IMAGE_HOSTS, exactly as listed (a wildcard for subdomains)", () => {
    const hosts = ['images.example.com', '*.cdn.example.net'];
    const { container } = render(
      <SafeMarkdown imageHosts={hosts}>
        {[
          '![a](https://images.example.com/a.png)',
          '![b](https://eu.cdn.example.net/b.png)',
          '![c](https://images.example.com.evil.example/c.png)',
          '![d](https://cdn.example.net/d.png)',
          '![e](https://images.example.com:8443/e.png)',
        ].join('\n\n')}
      </SafeMarkdown>,
    );
    expect([...container.querySelectorAll('img')].map((i) => i.alt)).toEqual(['a', 'b']);
    expect(container.textContent).toContain('c');
    expect(container.textContent).toContain('e');
  });

  it('renders hostile Markdown inert: no script, no event handler, no javascript: link', () => {
    const hostile = [
      '<script>window.__pwned = true</script>',
      '<img src=x onerror="window.__pwned = true">',
      'inline <b onmouseover="alert(1)">bold</b> html',
      '[x](javascript:alert(1))',
      '[y](JaVaScRiPt:alert(1))',
      '[z](vbscript:msgbox(1))',
      '![pic](javascript:alert(1))',
      '<a href="javascript:alert(1)">raw link</a>',
      '<iframe src="https://evil.example"></iframe>',
    ].join('\n\n');
    const { container } = render(<SafeMarkdown>{hostile}</SafeMarkdown>);
    const html = container.innerHTML;
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('[onerror], [onmouseover], [onclick]')).toBeNull();
    expect(html).not.toMatch(/onerror|onmouseover/i);
    for (const element of container.querySelectorAll('[href], [src]')) {
      const url = element.getAttribute('href') ?? element.getAttribute('src') ?? '';
      expect(url).not.toMatch(/^\s*(javascript|vbscript):/i);
    }
    expect(html).not.toMatch(/javascript:|vbscript:/i);
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined();
    // The Markdown link text stays readable, just inert (no link at all).
    expect(screen.getByText('x').closest('a')).toBeNull();
    expect(screen.getByText('pic')).toBeInTheDocument();
  });
});
