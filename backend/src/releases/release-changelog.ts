import { DomUtils, parseDocument } from 'htmlparser2';

/**
 * A seeded release's changelog (docs/wordpress.md, Releases; releases/README.md): the releases table keeps
 * Markdown, so a manifest's top-level `changelog` (Markdown, written by scripts/release-samples.mjs) is
 * stored as it is. A manifest written before carries only `sections.changelog`, WordPress's HTML; that is
 * read as text, each heading, paragraph and list item one Markdown line (a heading as `####`, an item as
 * `- `), its characters escaped so nothing in it becomes markup, and scripts and styles left out.
 */
export function seedChangelog(manifest: Record<string, unknown>): string {
  if (typeof manifest.changelog === 'string') return manifest.changelog;
  const sections = manifest.sections;
  const html =
    sections && typeof sections === 'object'
      ? (sections as Record<string, unknown>).changelog
      : undefined;
  return typeof html === 'string' ? htmlAsMarkdownLines(html) : '';
}

type Element = ReturnType<typeof DomUtils.findAll>[number];

const BLOCKS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'li', 'pre', 'blockquote']);
const HIDDEN = new Set(['script', 'style', 'template', 'noscript']);
const isBlock = (node: Element) => BLOCKS.has(node.name);

/** Text that Markdown shows as it is: its markup characters escaped, a line start that reads as markup too. */
function escapeMarkdown(text: string): string {
  return text
    .replace(/([\\`*_[\]<>#|~])/g, '\\$1')
    .replace(/^([-+=])(?=\s|$|\1)/, '\\$1')
    .replace(/^(\d+)([.)])(?=\s|$)/, '$1\\$2');
}

/** The text of HTML as Markdown lines: the innermost blocks in order, or the whole text as one line. */
export function htmlAsMarkdownLines(html: string): string {
  const document = parseDocument(html);
  for (const hidden of DomUtils.findAll((el) => HIDDEN.has(el.name), document.children))
    DomUtils.removeElement(hidden);
  const text = (node: Parameters<typeof DomUtils.textContent>[0]) =>
    DomUtils.textContent(node).replace(/\s+/g, ' ').trim();
  const lines: string[] = [];
  for (const element of DomUtils.findAll(isBlock, document.children)) {
    // The innermost blocks only: a list item's paragraph is read once.
    if (DomUtils.findOne(isBlock, element.children)) continue;
    const line = text(element);
    if (!line) continue;
    const heading = /^h([1-6])$/.exec(element.name);
    if (heading)
      lines.push(`${'#'.repeat(Math.max(Number(heading[1]), 4))} ${escapeMarkdown(line)}`);
    else lines.push(closest(element, 'li') ? `- ${escapeMarkdown(line)}` : escapeMarkdown(line));
  }
  if (lines.length) return lines.join('\n\n');
  const whole = text(document);
  return whole ? escapeMarkdown(whole) : '';
}

/** The element itself or its nearest ancestor named `name`. */
function closest(element: Element, name: string): Element | null {
  for (let node: Element | null = element; node;) {
    if (node.name === name) return node;
    const parent: Element['parent'] = node.parent;
    node = parent && DomUtils.isTag(parent) ? parent : null;
  }
  return null;
}
