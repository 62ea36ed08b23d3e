import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { PageQueryDto } from '../../posts/dto/post.dto';

export class OverviewQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of an e-mail, a nickname or a bound domain' })
  @IsOptional()
  @MaxLength(200)
  @IsString()
  search?: string;

  /** The overview pages by 20 (spec §9). */
  override pageSize: number = 20;
}

export class AdminDomainDto {
  @ApiProperty({ type: String, nullable: true, description: 'null or empty: unbind' })
  @ValidateIf((_, v) => v !== null)
  @MaxLength(2048)
  @IsString({ message: 'Website URL is required' })
  websiteUrl!: string | null;
}
