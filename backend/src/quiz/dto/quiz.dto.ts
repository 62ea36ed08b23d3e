import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

export class QuizOptionInputDto {
  @ApiProperty({ description: 'Chinese text (may be empty when textEn is given)' })
  @MaxLength(2000)
  @IsString()
  text!: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'English text' })
  @ValidateIf((_, v) => v !== null && v !== undefined)
  @MaxLength(2000)
  @IsString()
  textEn?: string | null;
}

/** Body of create and update; the content rules (docs/product.md#validation) are checked by the service with the spec's texts. */
export class SaveQuestionDto {
  @ApiProperty({ description: 'Markdown' })
  @MaxLength(20_000)
  @IsString({ message: '题目内容不能为空' })
  question!: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'English Markdown' })
  @ValidateIf((_, v) => v !== null && v !== undefined)
  @MaxLength(20_000)
  @IsString()
  questionEn?: string | null;

  @ApiProperty({ description: 'Markdown' })
  @MaxLength(20_000)
  @IsString({ message: '解析不能为空' })
  explanation!: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'English Markdown' })
  @ValidateIf((_, v) => v !== null && v !== undefined)
  @MaxLength(20_000)
  @IsString()
  explanationEn?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Blank or null: the default category',
  })
  @ValidateIf((_, v) => v !== null && v !== undefined)
  @MaxLength(100)
  @IsString()
  categoryLabel?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: "The category's English label (either label names an existing category)",
  })
  @ValidateIf((_, v) => v !== null && v !== undefined)
  @MaxLength(100)
  @IsString()
  categoryLabelEn?: string | null;

  @ApiProperty({
    type: [QuizOptionInputDto],
    description: '2-4 options; the first is the correct answer',
  })
  @ValidateNested({ each: true })
  @Type(() => QuizOptionInputDto)
  @IsArray({ message: '选项数量必须在2-4个之间（当前有 0 个）' })
  options!: QuizOptionInputDto[];

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  isActive?: boolean;
}

export class CategoryQueryDto {
  @ApiPropertyOptional({ description: 'Category slug' })
  @IsOptional()
  @MaxLength(100)
  @IsString()
  category?: string;
}

/** The player's language for the texts (default: the `lang` cookie, else Accept-Language, else zh-CN). */
export class QuizQuestionsQueryDto extends CategoryQueryDto {
  @ApiPropertyOptional({ enum: ['zh-CN', 'en'] })
  @IsOptional()
  @IsIn(['zh-CN', 'en'])
  lang?: 'zh-CN' | 'en';
}

export class QuizOptionDto {
  @ApiProperty() id!: string;
  @ApiProperty() text!: string;
  @ApiProperty() isCorrect!: boolean;
}

/** A question as a player gets it, in their language (active questions only; the client shuffles the options). */
export class QuizQuestionDto {
  @ApiProperty() id!: string;
  @ApiProperty({ description: 'Markdown' }) question!: string;
  @ApiProperty({ type: [QuizOptionDto] }) options!: QuizOptionDto[];
  @ApiProperty({ description: 'Markdown' }) explanation!: string;
  @ApiProperty() categoryLabel!: string;
  @ApiProperty() categorySlug!: string;
}

export class QuizQuestionListDto {
  @ApiProperty({ type: [QuizQuestionDto] }) questions!: QuizQuestionDto[];
}

export class AdminQuizOptionDto extends QuizOptionDto {
  @ApiProperty({ description: 'English text (empty: players get the Chinese one)' })
  textEn!: string;

  @ApiProperty({ description: 'Position as entered (0: the correct answer)' })
  originOrder!: number;
}

/** A question as the question bank's editors see it. */
export class AdminQuizQuestionDto {
  @ApiProperty() id!: string;
  @ApiProperty({ description: 'Markdown' }) question!: string;
  @ApiProperty({ description: 'English Markdown (empty: players get the Chinese)' })
  questionEn!: string;
  @ApiProperty({ description: 'Markdown' }) explanation!: string;
  @ApiProperty({ description: 'English Markdown' }) explanationEn!: string;
  @ApiProperty() categorySlug!: string;
  @ApiProperty() categoryLabel!: string;
  @ApiProperty() categoryLabelEn!: string;
  @ApiProperty() isActive!: boolean;
  @ApiProperty({ type: [AdminQuizOptionDto] }) options!: AdminQuizOptionDto[];
  @ApiProperty() updatedAt!: string;
}

export class AdminQuizQuestionListDto {
  @ApiProperty({ type: [AdminQuizQuestionDto] }) questions!: AdminQuizQuestionDto[];
}

export class SavedQuestionDto {
  @ApiProperty({ type: AdminQuizQuestionDto }) question!: AdminQuizQuestionDto;
}

export class QuizCategoryDto {
  @ApiProperty({ example: 'general' }) slug!: string;
  @ApiProperty({ example: '通用' }) label!: string;
  @ApiProperty({ example: 'General' }) labelEn!: string;
}

export class QuizCategoryListDto {
  @ApiProperty({ type: [QuizCategoryDto] }) categories!: QuizCategoryDto[];
}
