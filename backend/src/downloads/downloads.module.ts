import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { InstallsModule } from '../installs/installs.module';
import { LicensesModule } from '../licenses/licenses.module';
import { ReleasesModule } from '../releases/releases.module';
import { SigningModule } from '../signing/signing.module';
import { DownloadsController } from './downloads.controller';
import { DownloadsService } from './downloads.service';

@Module({
  imports: [AuthModule, InstallsModule, LicensesModule, ReleasesModule, SigningModule],
  controllers: [DownloadsController],
  providers: [DownloadsService],
})
export class DownloadsModule {}
