/**
 * The documentation's table of contents (docs/product.md#screens /docs). The section slug is the URL (/docs/<slug>);
 * its title (the page's h1) is docs:sections.<slug> in the catalogue, a group's heading docs:groups.<id>.
 * The body, per language, lives in the database (GET /api/docs-sections/<slug>, edited at /admin/docs).
 */
export interface DocSection {
  slug: string;
}

export interface DocGroup {
  id: 'quickStart' | 'editor' | 'theme' | 'api';
  sections: DocSection[];
}

export const DEFAULT_SECTION = 'introduction';

const section = (slug: string): DocSection => ({ slug });

export const DOC_GROUPS: DocGroup[] = [
  {
    id: 'quickStart',
    sections: [section('introduction'), section('installation'), section('configuration')],
  },
  {
    id: 'editor',
    sections: [
      section('editor-basics'),
      section('html-editing'),
      section('dynamic-templates'),
      section('ai-assist'),
    ],
  },
  {
    id: 'theme',
    sections: [section('theme-features'), section('customization'), section('performance')],
  },
  {
    id: 'api',
    sections: [section('token-auth'), section('api-endpoints'), section('error-handling')],
  },
];

const bySlug = new Map(DOC_GROUPS.flatMap((group) => group.sections).map((s) => [s.slug, s]));

/** The section for a URL segment: the default one when absent, undefined when unknown. */
export function findSection(slug: string | undefined): DocSection | undefined {
  return bySlug.get(slug ?? DEFAULT_SECTION);
}

export const docsPath = (slug: string) => `/docs/${slug}`;
