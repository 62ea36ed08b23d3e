import aiAssist from './content/ai-assist.md?raw';
import configuration from './content/configuration.md?raw';
import installation from './content/installation.md?raw';
import introduction from './content/introduction.md?raw';

/**
 * The documentation's table of contents (docs/product.md#screens /docs). The section slug is the URL (/docs/<slug>);
 * each Markdown file holds one section's body, its title comes from here (the page's h1).
 */
export interface DocSection {
  slug: string;
  title: string;
  /** Markdown, or null while the section is being written. */
  content: string | null;
}

export interface DocGroup {
  title: string;
  sections: DocSection[];
}

/** What a section without content shows (docs/product.md#screens: exactly this text). */
export const PLACEHOLDER_TEXT = 'content is being written';

export const DEFAULT_SECTION = 'introduction';

const section = (slug: string, title: string, content: string | null = null): DocSection => ({
  slug,
  title,
  content,
});

export const DOC_GROUPS: DocGroup[] = [
  {
    title: '快速开始',
    sections: [
      section('introduction', '介绍', introduction),
      section('installation', '安装', installation),
      section('configuration', '配置', configuration),
    ],
  },
  {
    title: '编辑器',
    sections: [
      section('editor-basics', '编辑器基础'),
      section('html-editing', 'HTML 编辑'),
      section('dynamic-templates', '动态模板'),
      section('ai-assist', 'AI 辅助', aiAssist),
    ],
  },
  {
    title: '主题',
    sections: [
      section('theme-features', '主题特性'),
      section('customization', '自定义'),
      section('performance', '性能'),
    ],
  },
  {
    title: 'API 文档',
    sections: [
      section('token-auth', '令牌认证'),
      section('api-endpoints', 'API 接口'),
      section('error-handling', '错误处理'),
    ],
  },
];

const bySlug = new Map(DOC_GROUPS.flatMap((group) => group.sections).map((s) => [s.slug, s]));

/** The section for a URL segment: the default one when absent, undefined when unknown. */
export function findSection(slug: string | undefined): DocSection | undefined {
  return bySlug.get(slug ?? DEFAULT_SECTION);
}

export const docsPath = (slug: string) => `/docs/${slug}`;
