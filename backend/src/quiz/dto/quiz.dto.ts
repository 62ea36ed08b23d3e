import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

export class QuizOptionInputDto {
  @ApiProperty()
  @MaxLength(2000)
  @IsString()
  text!: string;
}

/** Body of create and update; the content rules (spec §5) are checked by the service with the spec's texts. */
export class SaveQuestionDto {
  @ApiProperty({ description: 'Markdown' })
  @MaxLength(20_000)
  @IsString({ message: '题目内容不能为空' })
  question!: string;

  @ApiProperty({ description: 'Markdown' })
  @MaxLength(20_000)
  @IsString({ message: '解析不能为空' })
  explanation!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Blank or null: the default category',
  })
  @ValidateIf((_, v) => v !== null && v !== undefined)
  @MaxLength(100)
  @IsString()
  categoryLabel?: string | null;

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
