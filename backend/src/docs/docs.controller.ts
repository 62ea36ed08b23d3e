import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, Public } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import {
  AdminDocsSectionAnswerDto,
  AdminDocsSectionDto,
  DocsLanguageQueryDto,
  DocsSectionDto,
  DocsSectionListDto,
  DocsSectionParamsDto,
  DocsSlugParamDto,
  SaveDocsSectionDto,
} from './dto/docs.dto';
import { DocsService } from './docs.service';

/**
 * The docs sections for the /docs page (docs/product.md#screens). Public. Under /api/docs-sections, not
 * /api/docs: that path is the interactive API reference (Swagger UI and its assets).
 */
@ApiTags('docs')
@Controller('api/docs-sections')
export class DocsController {
  constructor(private readonly docs: DocsService) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'The docs sections in one language, in sidebar order' })
  @ApiOkResponse({ type: DocsSectionListDto })
  list(@Query() q: DocsLanguageQueryDto): Promise<DocsSectionListDto> {
    return this.docs.list(q.lang ?? 'zh-CN');
  }

  @Public()
  @Get(':slug')
  @ApiOperation({ summary: "One docs section's Markdown in one language (empty: being written)" })
  @ApiOkResponse({ type: DocsSectionDto })
  section(@Param() p: DocsSlugParamDto, @Query() q: DocsLanguageQueryDto): Promise<DocsSectionDto> {
    return this.docs.section(p.slug, q.lang ?? 'zh-CN');
  }
}

/** The seller edits the docs (docs/product.md, back office: docs). Admins only. */
@ApiTags('admin: docs')
@Auth('admin')
@Controller('api/admin/docs')
export class AdminDocsController {
  constructor(private readonly docs: DocsService) {}

  @Get(':slug/:lang')
  @ApiOkResponse({ type: AdminDocsSectionDto })
  section(@Param() p: DocsSectionParamsDto): Promise<AdminDocsSectionDto> {
    return this.docs.adminSection(p.slug, p.lang);
  }

  @Put(':slug/:lang')
  @ApiOkResponse({ type: AdminDocsSectionAnswerDto })
  save(
    @CurrentUser() admin: User,
    @Param() p: DocsSectionParamsDto,
    @Body() dto: SaveDocsSectionDto,
  ): Promise<AdminDocsSectionAnswerDto> {
    return this.docs.save(admin, p.slug, p.lang, dto.markdown);
  }
}
