/**
 * The documentation's sections (docs/product.md#screens, /docs): the table of contents is fixed by the
 * product (groups and slugs); each section's Markdown per language lives in the `docs_sections` table and
 * is edited by admins at /admin/docs. Pure rules, unit-tested in docs-rules.spec.ts.
 */
export const DOCS_LANGUAGES = ['zh-CN', 'en'] as const;
export type DocsLanguage = (typeof DOCS_LANGUAGES)[number];

export const DOCS_GROUPS = ['quick-start', 'editor', 'theme', 'api'] as const;
export type DocsGroup = (typeof DOCS_GROUPS)[number];

/** The sections in sidebar order, with their group. */
export const DOCS_SECTIONS: readonly { slug: string; group: DocsGroup }[] = [
  { slug: 'introduction', group: 'quick-start' },
  { slug: 'installation', group: 'quick-start' },
  { slug: 'configuration', group: 'quick-start' },
  { slug: 'editor-basics', group: 'editor' },
  { slug: 'html-editing', group: 'editor' },
  { slug: 'dynamic-templates', group: 'editor' },
  { slug: 'ai-assist', group: 'editor' },
  { slug: 'theme-features', group: 'theme' },
  { slug: 'customization', group: 'theme' },
  { slug: 'performance', group: 'theme' },
  { slug: 'token-auth', group: 'api' },
  { slug: 'api-endpoints', group: 'api' },
  { slug: 'error-handling', group: 'api' },
];

/** At most this many characters of Markdown per section and language (a long section is ~15 000). */
export const DOCS_MARKDOWN_MAX = 100_000;

/** The shape of a slug in a path (lowercase words joined by hyphens). */
export const DOCS_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const isDocsLanguage = (value: unknown): value is DocsLanguage =>
  typeof value === 'string' && (DOCS_LANGUAGES as readonly string[]).includes(value);

export const isDocsSection = (slug: string): boolean => DOCS_SECTIONS.some((s) => s.slug === slug);

/** A section's position in the sidebar (unknown ones last). */
export const docsOrder = (slug: string): number => {
  const at = DOCS_SECTIONS.findIndex((s) => s.slug === slug);
  return at < 0 ? DOCS_SECTIONS.length : at;
};

/** Whether a section has content to show: anything but white space (else the page shows the placeholder). */
export const hasContent = (markdown: string): boolean => markdown.trim().length > 0;

/** What the audit log keeps of an edit: the lengths before and after, not the text itself. */
export const docsAuditSnapshot = (markdown: string | null) =>
  markdown === null ? null : { length: markdown.length };
