import { detailsPageHtml, safeHtml } from './details-page';

describe('safeHtml', () => {
  it('keeps the allowed tags without their attributes', () => {
    expect(safeHtml('<h4 class="x">1.0.0</h4><ul><li onclick="x()">First</li></ul>')).toBe(
      '<h4>1.0.0</h4><ul><li>First</li></ul>',
    );
    expect(safeHtml('<a href="https://example.com/a?b=1&c=2" onclick="x">notes</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">notes</a>',
    );
  });

  it('drops scripts, styles, event handlers and javascript: links', () => {
    expect(safeHtml('a<script>alert(1)</script>b<style>*{}</style>c')).toBe('abc');
    expect(safeHtml('<img src=x onerror=alert(1)>x')).toBe('x');
    expect(safeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(safeHtml('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
    expect(safeHtml('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
  });

  it('escapes text and closes what was left open', () => {
    expect(safeHtml('1 < 2 & "q" &amp; &#39;')).toBe('1 &lt; 2 &amp; &quot;q&quot; &amp; &#39;');
    expect(safeHtml('<ul><li>one')).toBe('<ul><li>one</li></ul>');
    expect(safeHtml('</p>x<strong>y</p>')).toBe('x<strong>y</strong>');
  });
});

describe('detailsPageHtml', () => {
  it('renders the facts and the sections, escaped', () => {
    const html = detailsPageHtml({
      name: 'Visual <Editor>',
      version: '1.0.0',
      requires: '6.0',
      tested: '6.7',
      sections: { changelog: '<h4>1.0.0</h4><script>x</script>', description: '' },
    });
    expect(html).toContain('<h1>Visual &lt;Editor&gt;</h1>');
    expect(html).toContain('<dt>Requires WordPress</dt><dd>6.0</dd>');
    expect(html).toContain('<section id="changelog"><h2>Changelog</h2><h4>1.0.0</h4></section>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('id="description"');
  });
});
