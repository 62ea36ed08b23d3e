import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import {
  DOCS_GROUPS,
  DOCS_LANGUAGES,
  DOCS_MARKDOWN_MAX,
  DOCS_SLUG_PATTERN,
  type DocsGroup,
  type DocsLanguage,
} from '../docs-rules';

const LANGUAGE_MESSAGE = `lang must be one of ${DOCS_LANGUAGES.join(', ')}`;
const SLUG_MESSAGE = 'slug must be lowercase words joined by hyphens';

export class DocsLanguageQueryDto {
  @ApiPropertyOptional({ enum: DOCS_LANGUAGES, description: 'Default zh-CN' })
  @IsOptional()
  @IsIn([...DOCS_LANGUAGES], { message: LANGUAGE_MESSAGE })
  lang?: DocsLanguage;
}

export class DocsSlugParamDto {
  @ApiProperty()
  @MaxLength(64)
  @Matches(DOCS_SLUG_PATTERN, { message: SLUG_MESSAGE })
  slug!: string;
}

export class DocsSectionParamsDto extends DocsSlugParamDto {
  @ApiProperty({ enum: DOCS_LANGUAGES })
  @IsIn([...DOCS_LANGUAGES], { message: LANGUAGE_MESSAGE })
  lang!: DocsLanguage;
}

export class SaveDocsSectionDto {
  @ApiProperty({
    description: `Markdown, at most ${DOCS_MARKDOWN_MAX} characters; empty: the placeholder`,
  })
  @MaxLength(DOCS_MARKDOWN_MAX, {
    message: `markdown must be shorter than or equal to ${DOCS_MARKDOWN_MAX} characters`,
  })
  @IsString({ message: 'markdown must be a string' })
  markdown!: string;
}

export class DocsSectionDto {
  @ApiProperty() slug!: string;
  @ApiProperty({ enum: DOCS_GROUPS }) group!: DocsGroup;
  @ApiProperty({ enum: DOCS_LANGUAGES }) lang!: DocsLanguage;
  @ApiProperty({ description: 'Empty when the section is being written' }) markdown!: string;
  @ApiProperty({ description: 'False: the page shows the placeholder' }) hasContent!: boolean;
  @ApiProperty() updatedAt!: string;
}

export class DocsSectionSummaryDto {
  @ApiProperty() slug!: string;
  @ApiProperty({ enum: DOCS_GROUPS }) group!: DocsGroup;
  @ApiProperty() hasContent!: boolean;
  @ApiProperty() updatedAt!: string;
}

export class DocsSectionListDto {
  @ApiProperty({ enum: DOCS_LANGUAGES }) lang!: DocsLanguage;
  @ApiProperty({ type: [DocsSectionSummaryDto] }) sections!: DocsSectionSummaryDto[];
}

export class AdminDocsSectionDto extends DocsSectionDto {
  @ApiProperty({ type: String, nullable: true, description: 'Who saved it last; null: seeded' })
  updatedBy!: string | null;
}

export class AdminDocsSectionAnswerDto {
  @ApiProperty({ type: AdminDocsSectionDto }) section!: AdminDocsSectionDto;
}
