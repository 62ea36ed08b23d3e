import MarkdownIt from 'markdown-it';
import { htmlAsMarkdownLines, seedChangelog } from './release-changelog';

describe("a seeded release's changelog", () => {
  it("stores the manifest's Markdown changelog as it is", () => {
    expect(
      seedChangelog({
        changelog: '#### 1.0.0\n\n- First <b>release</b>',
        sections: { changelog: '<h4>1.0.0</h4><ul><li>ignored</li></ul>' },
      }),
    ).toBe('#### 1.0.0\n\n- First <b>release</b>');
    expect(seedChangelog({ changelog: '', sections: { changelog: '<p>x</p>' } })).toBe('');
  });

  it("reads an older manifest's HTML section as Markdown lines of its text", () => {
    expect(
      seedChangelog({
        sections: {
          changelog:
            '<h4>1.0.0</h4><ul><li>首个版本：激活码设置页</li><li><p>Faster   saves</p></li></ul><h2>0.9.0</h2><p>Beta &amp; more</p>',
        },
      }),
    ).toBe('#### 1.0.0\n\n- 首个版本：激活码设置页\n\n- Faster saves\n\n#### 0.9.0\n\nBeta & more');
  });

  it('has no changelog when the manifest has none', () => {
    expect(seedChangelog({})).toBe('');
    expect(seedChangelog({ sections: 'x' })).toBe('');
    expect(seedChangelog({ changelog: 3, sections: { changelog: 4 } })).toBe('');
  });

  it('leaves scripts and styles out and escapes what Markdown would read as markup', () => {
    expect(
      htmlAsMarkdownLines(
        '<p>Fixed <b>*bold*</b> [link](javascript:x) <script>alert(1)</script></p><style>p{}</style><li>&lt;img src=x onerror=alert(1)&gt;</li>',
      ),
    ).toBe('Fixed \\*bold\\* \\[link\\](javascript:x)\n\n- \\<img src=x onerror=alert(1)\\>');
    expect(htmlAsMarkdownLines('<p>- not a list</p><p>1. nor this</p><p># nor a heading</p>')).toBe(
      '\\- not a list\n\n1\\. nor this\n\n\\# nor a heading',
    );
  });

  it('gives lines that Markdown renders as their text only: no link, emphasis, code or raw HTML', () => {
    const markdown = new MarkdownIt({ html: true });
    const html = markdown.render(
      htmlAsMarkdownLines(
        '<p>*a* _b_ `c` [d](http://e) <i>f</i> ~~g~~ | h | ---</p><p>---</p><p>===</p><p>+ i</p><p>2) j</p><p>&lt;b&gt;k&lt;/b&gt;</p><p>&amp;amp;</p>',
      ),
    );
    expect(html.match(/<\/?[a-z0-9]+/g)?.filter((t) => !['<p', '</p'].includes(t))).toEqual([]);
    expect(html).toContain('*a* _b_ `c` [d](http://e) f ~~g~~ | h | ---');
    expect(html).toContain('&lt;b&gt;k&lt;/b&gt;');
  });

  it('keeps text outside any block as one line, and nothing for empty HTML', () => {
    expect(htmlAsMarkdownLines('1.0.0: <em>first</em>\n version')).toBe('1.0.0: first version');
    expect(htmlAsMarkdownLines('<ul><li> </li></ul>')).toBe('');
    expect(htmlAsMarkdownLines('')).toBe('');
  });
});
