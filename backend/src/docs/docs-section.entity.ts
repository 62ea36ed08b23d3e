import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One docs section's Markdown in one language (docs/product.md#screens, /docs). Empty Markdown: the page
 * shows the placeholder. Edited by admins at /admin/docs; owned by docs-section.repository.ts.
 */
@Entity({ tableName: 'docs_sections' })
export class DocsSection {
  [OptionalProps]?: 'markdown' | 'updatedAt' | 'updatedBy';

  @PrimaryKey({ type: 'text' })
  slug!: string;

  /** zh-CN or en. */
  @PrimaryKey({ type: 'text' })
  lang!: string;

  @Property({ type: 'text', default: '' })
  markdown: string = '';

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();

  /** The admin's e-mail who saved it last; null for the seeded text. */
  @Property({ type: 'text', nullable: true })
  updatedBy: string | null = null;
}
