import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { User } from '../users/user.entity';
import type { AdminDocsSectionDto, DocsSectionDto, DocsSectionListDto } from './dto/docs.dto';
import type { DocsSection } from './docs-section.entity';
import { DocsSectionRepository } from './docs-section.repository';
import { DocsError, DocsErrorCode } from './docs-errors';
import {
  DOCS_SECTIONS,
  docsAuditSnapshot,
  docsOrder,
  hasContent,
  isDocsSection,
  type DocsGroup,
  type DocsLanguage,
} from './docs-rules';

const groupOf = (slug: string): DocsGroup =>
  DOCS_SECTIONS.find((s) => s.slug === slug)?.group ?? 'quick-start';

function view(row: DocsSection): DocsSectionDto {
  return {
    slug: row.slug,
    group: groupOf(row.slug),
    lang: row.lang as DocsLanguage,
    markdown: row.markdown,
    hasContent: hasContent(row.markdown),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The docs sections the seller edits (docs/product.md#screens, /docs and /admin/docs). Read from the
 * database on every request, so an edit shows on every instance at once; edits are audited with the
 * lengths before and after, in the same transaction.
 */
@Injectable()
export class DocsService {
  constructor(
    private readonly em: EntityManager,
    private readonly repo: DocsSectionRepository,
    private readonly audit: AuditService,
  ) {}

  async list(lang: DocsLanguage): Promise<DocsSectionListDto> {
    const rows = (await this.repo.inLanguage(lang)).filter((r) => isDocsSection(r.slug));
    rows.sort((a, b) => docsOrder(a.slug) - docsOrder(b.slug));
    return {
      lang,
      sections: rows.map((r) => ({
        slug: r.slug,
        group: groupOf(r.slug),
        hasContent: hasContent(r.markdown),
        updatedAt: r.updatedAt.toISOString(),
      })),
    };
  }

  async section(slug: string, lang: DocsLanguage): Promise<DocsSectionDto> {
    return view(await this.found(slug, lang));
  }

  async adminSection(slug: string, lang: DocsLanguage): Promise<AdminDocsSectionDto> {
    const row = await this.found(slug, lang);
    return { ...view(row), updatedBy: row.updatedBy };
  }

  async save(
    admin: User,
    slug: string,
    lang: DocsLanguage,
    markdown: string,
  ): Promise<{ section: AdminDocsSectionDto }> {
    if (!isDocsSection(slug)) throw new DocsError(DocsErrorCode.DOCS_SECTION_NOT_FOUND);
    const row = await this.em.fork().transactional(async (em) => {
      const found = await this.repo.lock(em, slug, lang);
      if (!found) throw new DocsError(DocsErrorCode.DOCS_SECTION_NOT_FOUND);
      const before = docsAuditSnapshot(found.markdown);
      found.markdown = markdown;
      found.updatedAt = new Date();
      found.updatedBy = admin.email;
      this.audit.record(em, {
        actor: admin.email,
        action: 'docs.update',
        target: `docs:${slug}/${lang}`,
        before,
        after: docsAuditSnapshot(markdown),
      });
      await em.flush();
      return found;
    });
    return { section: { ...view(row), updatedBy: row.updatedBy } };
  }

  private async found(slug: string, lang: DocsLanguage): Promise<DocsSection> {
    const row = isDocsSection(slug) ? await this.repo.find(slug, lang) : null;
    if (!row) throw new DocsError(DocsErrorCode.DOCS_SECTION_NOT_FOUND);
    return row;
  }
}
