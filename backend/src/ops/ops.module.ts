import { Module } from '@nestjs/common';
import { BackupService } from './backup.service';

/** Operations (docs/operations.md): backups taken by the running app. The commands are in cli.ts. */
@Module({ providers: [BackupService], exports: [BackupService] })
export class OpsModule {}
