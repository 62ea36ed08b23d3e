import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import {
  PHP_VERSION_PATTERN,
  RELEASE_CHANGELOG_MAX,
  RELEASE_VERSION_MAX,
  RELEASE_VERSION_PATTERN,
  WP_VERSION_PATTERN,
} from '@seatkeeper/domain';
import {
  RELEASE_FORM_MESSAGES as M,
  RELEASE_KINDS,
  RELEASE_SLUG_PATTERN,
  type ReleaseKind,
  type ReleaseSource,
} from '../release-rules';

/** The upload form's text fields (multipart/form-data, beside the `file` part). */
export class UploadReleaseDto {
  @ApiProperty({ enum: RELEASE_KINDS })
  @IsIn([...RELEASE_KINDS], { message: M.kind })
  kind!: ReleaseKind;

  @ApiProperty({ example: 'visual-editor' })
  @Matches(RELEASE_SLUG_PATTERN, { message: M.slug })
  @IsString({ message: M.slug })
  slug!: string;

  @ApiProperty({ example: '1.2.3', maxLength: RELEASE_VERSION_MAX })
  @Matches(RELEASE_VERSION_PATTERN, { message: M.version })
  @MaxLength(RELEASE_VERSION_MAX, { message: M.version })
  @IsString({ message: M.version })
  version!: string;

  @ApiPropertyOptional({ description: `Markdown, at most ${RELEASE_CHANGELOG_MAX} characters` })
  @IsOptional()
  @MaxLength(RELEASE_CHANGELOG_MAX, { message: M.changelog })
  @IsString({ message: M.changelog })
  changelog?: string;

  @ApiProperty({ example: '6.0', description: 'Requires at least (WordPress)' })
  @Matches(WP_VERSION_PATTERN, { message: M.requires })
  @IsString({ message: M.requires })
  requires!: string;

  @ApiProperty({ example: '6.7', description: 'Tested up to (WordPress)' })
  @Matches(WP_VERSION_PATTERN, { message: M.tested })
  @IsString({ message: M.tested })
  tested!: string;

  @ApiProperty({ example: '7.4', description: 'Requires PHP' })
  @Matches(PHP_VERSION_PATTERN, { message: M.requiresPhp })
  @IsString({ message: M.requiresPhp })
  requiresPhp!: string;
}

/** The multipart body as the OpenAPI document shows it: the fields and the zip. */
export class UploadReleaseFormDto extends UploadReleaseDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'The release zip' })
  file!: unknown;
}

export class ReleaseIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be a release id' })
  id!: string;
}

export class ReleaseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: RELEASE_KINDS }) kind!: ReleaseKind;
  @ApiProperty() slug!: string;
  @ApiProperty({ description: "The product's name (the main file's name header)" }) name!: string;
  @ApiProperty() version!: string;
  @ApiProperty({ description: 'Markdown' }) changelog!: string;
  @ApiProperty({ description: "Requires at least (WordPress); '' when not given" })
  requires!: string;
  @ApiProperty({ description: "Tested up to (WordPress); '' when not given" }) tested!: string;
  @ApiProperty({ description: "Requires PHP; '' when not given" }) requiresPhp!: string;
  @ApiProperty({ example: 'visual-editor-1.2.3.zip' }) fileName!: string;
  @ApiProperty({ description: 'Bytes' }) size!: number;
  @ApiProperty({ description: 'Hex SHA-256 of the zip (the download ETag)' }) sha256!: string;
  @ApiProperty({ description: "The version the product's downloads serve" }) current!: boolean;
  @ApiProperty({ enum: ['seed', 'upload'] }) source!: ReleaseSource;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The uploading admin's e-mail; null for a seed",
  })
  uploadedBy!: string | null;
  @ApiProperty() createdAt!: string;
}

export class ReleaseProductDto {
  @ApiProperty({ enum: RELEASE_KINDS }) kind!: ReleaseKind;
  @ApiProperty() slug!: string;
  @ApiProperty({ description: "The current release's name" }) name!: string;
  @ApiProperty({ type: ReleaseDto, nullable: true }) current!: ReleaseDto | null;
  @ApiProperty({ type: [ReleaseDto], description: 'Newest first' }) releases!: ReleaseDto[];
}

export class ReleaseListDto {
  @ApiProperty({ description: 'The upload limit in bytes (RELEASE_MAX_MB)' }) maxBytes!: number;
  @ApiProperty({ type: [ReleaseProductDto] }) products!: ReleaseProductDto[];
}
