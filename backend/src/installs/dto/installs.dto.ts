import { ApiProperty } from '@nestjs/swagger';

/** Sites seen within 7 and 30 days with one value (a version); value null: the sites did not say. */
export class InstallCountDto {
  @ApiProperty({ type: String, nullable: true }) value!: string | null;
  @ApiProperty() active7!: number;
  @ApiProperty() active30!: number;
}

export class ProductInstallsDto {
  @ApiProperty({ enum: ['plugins', 'themes'] }) kind!: 'plugins' | 'themes';
  @ApiProperty() product!: string;
  @ApiProperty({ description: 'Sites seen in the last 7 days' }) active7!: number;
  @ApiProperty({ description: 'Sites seen in the last 30 days' }) active30!: number;
  @ApiProperty({ description: 'Sites seen before, not in the last 30 days' }) stopped!: number;
  @ApiProperty({ description: 'Every site kept (seen within the retention period)' })
  total!: number;
  @ApiProperty({ type: [InstallCountDto], description: 'By product version (exact)' })
  versions!: InstallCountDto[];
  @ApiProperty({ type: [InstallCountDto], description: 'By WordPress version (major.minor)' })
  wordpress!: InstallCountDto[];
  @ApiProperty({ type: [InstallCountDto], description: 'By PHP version (major.minor)' })
  php!: InstallCountDto[];
}

export class InstallSiteDto {
  @ApiProperty({ enum: ['plugins', 'themes'] }) kind!: 'plugins' | 'themes';
  @ApiProperty() product!: string;
  @ApiProperty({ description: 'The normalised host (and port)' }) host!: string;
  @ApiProperty() firstSeenAt!: string;
  @ApiProperty() lastSeenAt!: string;
  @ApiProperty({ type: String, nullable: true }) productVersion!: string | null;
  @ApiProperty({ type: String, nullable: true }) wpVersion!: string | null;
  @ApiProperty({ type: String, nullable: true }) phpVersion!: string | null;
  @ApiProperty({ type: String, nullable: true }) locale!: string | null;
  @ApiProperty({ type: String, nullable: true }) userId!: string | null;
  @ApiProperty({ type: String, nullable: true }) licenseId!: string | null;
}

export class InstallsDashboardDto {
  @ApiProperty({ description: 'INSIGHTS is on (off: nothing new is recorded)' }) enabled!: boolean;
  @ApiProperty({ description: 'A site has stopped when unseen this many days' })
  stoppedAfterDays!: number;
  @ApiProperty({ type: [ProductInstallsDto] }) products!: ProductInstallsDto[];
  @ApiProperty({
    type: [InstallSiteDto],
    description: 'The 50 most recently seen sites that have stopped',
  })
  stopped!: InstallSiteDto[];
}

export class InstallSitesDto {
  @ApiProperty({ type: [InstallSiteDto] }) sites!: InstallSiteDto[];
}
