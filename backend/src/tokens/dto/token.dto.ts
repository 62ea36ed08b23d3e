import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export class UserTokenDto {
  @ApiProperty() id!: string;
  @ApiProperty() userId!: string;
  @ApiProperty({ type: String, nullable: true }) lastUsedAt!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: String, nullable: true }) lastRegeneratedAt!: string | null;
}

/** A regenerated activation code (the answer of token/regenerate). */
export class RegeneratedTokenDto {
  @ApiProperty({ type: UserTokenDto }) userToken!: UserTokenDto;
  @ApiProperty({ description: 'The activation code (64 hex characters)' }) plainToken!: string;
}

export class TokenResponseDto extends RegeneratedTokenDto {
  @ApiProperty() hasToken!: boolean;
}

export class VerifyTokenDto {
  @ApiPropertyOptional({
    description: 'The token; alternatively send Authorization: Bearer <token>',
  })
  @IsOptional()
  @MaxLength(512)
  @IsString()
  token?: string;
}

export class VerifyTokenResponseDto {
  @ApiProperty() valid!: boolean;
  @ApiProperty({ type: String, nullable: true }) userId!: string | null;
  @ApiProperty({ type: String, nullable: true }) tokenId!: string | null;
  @ApiProperty() message!: string;
}
