import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

const TEXTS = { type: 'object', additionalProperties: { type: 'string' } } as const;

export class UpdateLicenseDto {
  @ApiProperty({
    enum: [
      'VALID',
      'TOKEN_INVALID',
      'DOMAIN_NOT_BOUND',
      'LICENSE_EXPIRED',
      'LICENSE_REVOKED',
      'NO_ACTIVE_LICENSE',
    ],
    description:
      "The licence check's code for this site; NO_ACTIVE_LICENSE: a customer without an active seat (buy a plan), on any host",
  })
  code!: string;
}

/**
 * Update metadata for one site, in the fields plugin-update-checker and EDD-style clients read
 * (docs/wordpress.md): the same for plugins and themes.
 */
export class ReleaseInfoDto {
  @ApiProperty() name!: string;
  @ApiProperty() slug!: string;
  @ApiProperty({ example: '1.0.0' }) version!: string;
  @ApiProperty({
    description:
      'The package link (opaque, bound to the seat and the site, valid DOWNLOAD_LINK_TTL_SECONDS); empty when the site is not entitled',
  })
  download_url!: string;
  @ApiProperty({ description: 'The same link as download_url (WordPress reads package)' })
  package!: string;
  @ApiProperty({ description: 'The frameable details page (changelog)' }) details_url!: string;
  @ApiProperty({ type: UpdateLicenseDto }) license!: UpdateLicenseDto;
  @ApiPropertyOptional() homepage?: string;
  @ApiPropertyOptional({ description: 'Lowest WordPress version', example: '6.0' })
  requires?: string;
  @ApiPropertyOptional({ description: 'Highest WordPress version tested', example: '6.7' })
  tested?: string;
  @ApiPropertyOptional({ example: '7.4' }) requires_php?: string;
  @ApiPropertyOptional({ example: '2026-11-01 00:00:00' }) last_updated?: string;
  @ApiPropertyOptional({
    description:
      "What the site owner should do when there is no package (enter a valid code; bind the site in the console); else the release's own notice",
  })
  upgrade_notice?: string;
  @ApiProperty({ ...TEXTS, description: 'HTML by section: description, changelog ...' })
  sections!: Record<string, string>;
  @ApiPropertyOptional({ ...TEXTS, description: 'Image URLs: low, high' })
  banners?: Record<string, string>;
  @ApiPropertyOptional({ ...TEXTS, description: 'Image URLs: 1x, 2x, svg' })
  icons?: Record<string, string>;
}

/**
 * What the console's downloads block shows of a product's current release (docs/wordpress.md, Current
 * release for the console): the version and its changelog as stored (Markdown), no file or link.
 */
export class CurrentReleaseDto {
  @ApiProperty({ enum: ['plugins', 'themes'] }) kind!: 'plugins' | 'themes';
  @ApiProperty({ example: 'visual-editor' }) slug!: string;
  @ApiProperty({ example: 'Visual Editor' }) name!: string;
  @ApiProperty({ example: '1.0.0' }) version!: string;
  @ApiProperty({ description: 'Markdown; empty when the release has none' }) changelog!: string;
  @ApiProperty({ description: 'When this release was stored (ISO 8601)' }) releasedAt!: string;
  @ApiProperty({ example: '6.0', description: 'Lowest WordPress version; empty when not given' })
  requires!: string;
  @ApiProperty({
    example: '6.7',
    description: 'Highest WordPress version tested; empty when not given',
  })
  tested!: string;
  @ApiProperty({ example: '7.4', description: 'Lowest PHP version; empty when not given' })
  requiresPhp!: string;
}
