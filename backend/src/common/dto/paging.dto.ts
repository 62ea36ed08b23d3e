import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { INT32_MAX } from '../input-rules';

/** `?page=&pageSize=`: the query of every paged list (a list's own filters extend it). */
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

/** The `pagination` of every paged answer. */
export class PaginationDto {
  @ApiProperty() page!: number;
  @ApiProperty() pageSize!: number;
  @ApiProperty() total!: number;
}
