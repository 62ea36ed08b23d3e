/**
 * The frameable details page of a release (docs/wordpress.md, Details page): plain HTML that wp-admin
 * opens in its "View details" popup. The manifest's sections are HTML written by the seller; they are
 * rendered through an allow-list (no attributes but a link's http(s) address, no scripts or styles), so a
 * release cannot run code in the customer's wp-admin.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Text between tags: escaped, except character references already written as such. */
function escapeText(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/g, '&amp;')
    .replace(/[<>"']/g, (c) => ESCAPES[c]);
}

const ALLOWED = new Set([
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'code',
  'pre',
  'blockquote',
  'a',
  'hr',
]);
const VOID = new Set(['br', 'hr']);
/** Elements dropped with everything inside them. */
const DROPPED =
  /<(script|style|iframe|object|embed|template|textarea|title|noscript|svg|math)\b[\s\S]*?(?:<\/\1\s*>|$)/gi;
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

/** Seller HTML through the allow-list: allowed tags without attributes (a link keeps an http(s) href). */
export function safeHtml(html: string): string {
  const source = html.replace(/<!--[\s\S]*?(?:-->|$)/g, '').replace(DROPPED, '');
  let out = '';
  let last = 0;
  const open: string[] = [];
  for (const m of source.matchAll(TAG)) {
    out += escapeText(source.slice(last, m.index));
    last = m.index + m[0].length;
    const closing = m[1] === '/';
    const name = m[2].toLowerCase();
    if (!ALLOWED.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at < 0) continue;
      // Close what was left open inside it, so the output stays well nested.
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    if (VOID.has(name)) {
      out += `<${name}>`;
      continue;
    }
    if (name === 'a') {
      const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(m[3]);
      const url = (href?.[1] ?? href?.[2] ?? href?.[3] ?? '').trim();
      out += /^https?:\/\//i.test(url)
        ? `<a href="${escapeText(url)}" target="_blank" rel="noopener noreferrer">`
        : '<a>';
    } else out += `<${name}>`;
    open.push(name);
  }
  out += escapeText(source.slice(last));
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

export interface DetailsPage {
  name: string;
  version: string;
  requires?: unknown;
  tested?: unknown;
  requiresPhp?: unknown;
  lastUpdated?: unknown;
  /** Section name → seller HTML (description, installation, changelog ...). */
  sections: Record<string, unknown>;
}

const SECTION_TITLES: Record<string, string> = {
  description: 'Description',
  installation: 'Installation',
  changelog: 'Changelog',
  faq: 'FAQ',
};

/** The whole page: no script, no outside resource; styles inline (the CSP allows nothing else). */
export function detailsPageHtml(page: DetailsPage): string {
  const facts = [
    ['Version', page.version],
    ['Requires WordPress', page.requires],
    ['Tested up to', page.tested],
    ['Requires PHP', page.requiresPhp],
    ['Last updated', page.lastUpdated],
  ]
    .filter(([, v]) => typeof v === 'string' && v)
    .map(([k, v]) => `<dt>${k}</dt><dd>${escapeHtml(String(v))}</dd>`)
    .join('');
  const sections = Object.entries(page.sections)
    .filter(([, html]) => typeof html === 'string' && html.trim())
    .map(
      ([name, html]) =>
        `<section id="${escapeHtml(name)}"><h2>${escapeHtml(SECTION_TITLES[name] ?? name)}</h2>${safeHtml(String(html))}</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.name)} ${escapeHtml(page.version)}</title>
<style>
body{font:14px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif;margin:0 auto;padding:16px 24px;max-width:760px;color:#1d2327}
h1{font-size:22px;margin:0 0 8px}h2{font-size:17px;border-bottom:1px solid #dcdcde;padding-bottom:4px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:0 0 16px}dt{color:#646970}dd{margin:0}
pre,code{background:#f6f7f7;padding:0 3px}pre{padding:8px;overflow:auto}
</style>
</head>
<body>
<h1>${escapeHtml(page.name)}</h1>
<dl>${facts}</dl>
${sections}
</body>
</html>
`;
}
