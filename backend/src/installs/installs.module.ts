import { Module } from '@nestjs/common';
import { AdminInstallsController, InstallsController } from './installs.controller';
import { InstallsService } from './installs.service';
import { InstallsStore } from './installs.store';

/** Install insights (docs/insights.md): the only owner of `site_installs`. */
@Module({
  controllers: [AdminInstallsController, InstallsController],
  providers: [InstallsStore, InstallsService],
  exports: [InstallsService],
})
export class InstallsModule {}
