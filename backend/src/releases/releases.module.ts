import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { diskStorage } from 'multer';
import { AuthModule } from '../auth/auth.module';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { AdminReleasesController } from './releases.controller';
import { ReleaseRepository } from './release.repository';
import { ReleaseFormTextGuard, ReleaseUploadBoundary } from './release-upload.interceptors';
import { ReleasesService } from './releases.service';

@Module({
  imports: [
    AuthModule,
    // Uploads go to a file in the OS temporary directory (never a Buffer), at most RELEASE_MAX_MB;
    // ReleaseUploadBoundary removes it when the request ends.
    MulterModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        storage: diskStorage({
          destination: tmpdir(),
          filename: (_req, _file, done) => done(null, `seatkeeper-release-${randomUUID()}.zip`),
        }),
        limits: { fileSize: config.releaseMaxBytes, files: 1, fields: 20, fieldSize: 128 * 1024 },
      }),
    }),
  ],
  controllers: [AdminReleasesController],
  providers: [ReleasesService, ReleaseRepository, ReleaseUploadBoundary, ReleaseFormTextGuard],
  exports: [ReleasesService],
})
export class ReleasesModule {}
