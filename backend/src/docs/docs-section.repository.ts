import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DocsSection } from './docs-section.entity';

/**
 * The only reader and writer of the `docs_sections` table (docs/architecture.md, one owner per table).
 * Read on every request, with no cache: an edit saved on one instance is what every instance answers next.
 */
@Injectable()
export class DocsSectionRepository {
  constructor(private readonly em: EntityManager) {}

  /** Every section in one language. */
  inLanguage(lang: string): Promise<DocsSection[]> {
    return this.em.fork().find(DocsSection, { lang });
  }

  find(slug: string, lang: string): Promise<DocsSection | null> {
    return this.em.fork().findOne(DocsSection, { slug, lang });
  }

  /** One row, locked for the caller's transaction (an edit). */
  lock(em: EntityManager, slug: string, lang: string): Promise<DocsSection | null> {
    return em.findOne(DocsSection, { slug, lang }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }
}
