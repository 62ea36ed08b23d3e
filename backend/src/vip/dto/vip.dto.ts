import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../posts/dto/post.dto';

export class AddVipEmailDto {
  @ApiProperty()
  @MaxLength(254, { message: 'Must be a valid email address' })
  @IsString({ message: 'Must be a valid email address' })
  email!: string;
}

export class BatchVipEmailsDto {
  @ApiProperty({ type: [String] })
  @ArrayMaxSize(1000, { message: 'At most 1000 addresses per batch' })
  @IsArray({ message: 'emails must be an array of strings' })
  emails!: unknown[];
}

class VipListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Part of an e-mail address' })
  @IsOptional()
  @MaxLength(254)
  @IsString()
  search?: string;
}

/** The VIP list pages by 20 (spec §9). */
export class VipPageQueryDto extends VipListQueryDto {
  override pageSize: number = 20;
}
