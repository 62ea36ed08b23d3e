import { changelogHtml } from './changelog-html';

describe('changelog HTML', () => {
  it('renders Markdown headings, lists, emphasis and code', () => {
    expect(changelogHtml('#### 1.2.0\n\n- **Faster** saves\n- `code` and *text*')).toBe(
      '<h4>1.2.0</h4>\n<ul>\n<li><strong>Faster</strong> saves</li>\n<li><code>code</code> and <em>text</em></li>\n</ul>',
    );
  });

  it('keeps the HTML of a seeded changelog', () => {
    expect(changelogHtml('<h4>1.0.0</h4><ul><li>首个版本</li></ul>')).toBe(
      '<h4>1.0.0</h4><ul><li>首个版本</li></ul>',
    );
  });

  it('drops scripts, event handlers, styles and unsafe links', () => {
    const html = changelogHtml(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> [x](javascript:alert(1)) <a href="javascript:alert(2)" onclick="y()">y</a> <style>p{}</style>[ok](https://example.com)',
    );
    expect(html).not.toMatch(/<script|onerror|onclick|href="javascript:|<img|<style/i);
    // markdown-it leaves a javascript: link as its text.
    expect(html).toContain('<a>y</a>');
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>',
    );
  });

  it('is empty for an empty changelog', () => {
    expect(changelogHtml('  \n')).toBe('');
  });
});
