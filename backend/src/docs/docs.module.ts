import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AdminDocsController, DocsController } from './docs.controller';
import { DocsSectionRepository } from './docs-section.repository';
import { DocsService } from './docs.service';

@Module({
  imports: [AuthModule],
  controllers: [DocsController, AdminDocsController],
  providers: [DocsService, DocsSectionRepository],
})
export class DocsModule {}
