import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Length,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { INT32_MAX } from '../../common/input-rules';

export class CreatePostDto {
  @ApiProperty({ minLength: 1, maxLength: 200 })
  @Length(1, 200, { message: 'Title must be 1 to 200 characters' })
  @IsString({ message: 'Title must be 1 to 200 characters' })
  title!: string;

  @ApiProperty({ description: 'Markdown' })
  @MaxLength(100_000)
  @IsNotEmpty({ message: 'Body is required' })
  @IsString({ message: 'Body is required' })
  body!: string;
}

export class PageQueryDto {
  @ApiPropertyOptional({ default: 1, minimum: 1 })
  @IsOptional()
  @Max(INT32_MAX) // ?page=1e21 is an integer to JavaScript, and an offset no query can take
  @Min(1, { message: 'page must be a positive integer' })
  @IsInt({ message: 'page must be a positive integer' })
  @Type(() => Number)
  page: number = 1;

  @ApiPropertyOptional({ default: 10, minimum: 1, maximum: 50 })
  @IsOptional()
  @Max(50, { message: 'pageSize must be between 1 and 50' })
  @Min(1, { message: 'pageSize must be between 1 and 50' })
  @IsInt({ message: 'pageSize must be between 1 and 50' })
  @Type(() => Number)
  pageSize: number = 10;
}

export class PostAuthorDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
}

export class PostDto {
  @ApiProperty() id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() slug!: string;
  @ApiProperty({ description: 'Markdown' }) body!: string;
  @ApiProperty({ type: PostAuthorDto, nullable: true }) author!: PostAuthorDto | null;
  @ApiProperty() publishedAt!: string;
}

export class PaginationDto {
  @ApiProperty() page!: number;
  @ApiProperty() pageSize!: number;
  @ApiProperty() total!: number;
}

export class PostPageDto {
  @ApiProperty({ type: [PostDto] }) items!: PostDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}
