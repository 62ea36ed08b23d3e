import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

const TEXTS = { type: 'object', additionalProperties: { type: 'string' } } as const;

/**
 * Update metadata in the format plugin-update-checker reads: plugins get name, slug, version,
 * download_url and what their manifest.json adds (requires, tested, sections ...); themes get version,
 * details_url and download_url.
 */
export class ReleaseInfoDto {
  @ApiPropertyOptional({ description: 'Plugins only' }) name?: string;
  @ApiPropertyOptional({ description: 'Plugins only' }) slug?: string;
  @ApiProperty({ example: '1.0.0' }) version!: string;
  @ApiProperty({ description: 'A signed download link, valid for a short while' })
  download_url!: string;
  @ApiPropertyOptional({ description: 'Themes only' }) details_url?: string;
  @ApiPropertyOptional() homepage?: string;
  @ApiPropertyOptional({ description: 'Lowest WordPress version', example: '6.0' })
  requires?: string;
  @ApiPropertyOptional({ description: 'Highest WordPress version tested', example: '6.7' })
  tested?: string;
  @ApiPropertyOptional({ example: '7.4' }) requires_php?: string;
  @ApiPropertyOptional({ example: '2026-11-01 00:00:00' }) last_updated?: string;
  @ApiPropertyOptional() upgrade_notice?: string;
  @ApiPropertyOptional({ ...TEXTS, description: 'HTML by section: description, changelog ...' })
  sections?: Record<string, string>;
  @ApiPropertyOptional({ ...TEXTS, description: 'Image URLs: low, high' })
  banners?: Record<string, string>;
  @ApiPropertyOptional({ ...TEXTS, description: 'Image URLs: 1x, 2x, svg' })
  icons?: Record<string, string>;
}
