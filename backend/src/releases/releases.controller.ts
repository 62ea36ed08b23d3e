import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import {
  ReleaseDto,
  ReleaseIdParamDto,
  ReleaseListDto,
  UploadReleaseDto,
  UploadReleaseFormDto,
} from './dto/release.dto';
import { ReleaseFormTextGuard, ReleaseUploadBoundary } from './release-upload.interceptors';
import { ReleasesService } from './releases.service';

/** Plugin and theme releases (docs/wordpress.md, Releases): list, upload, current marker. Admins only. */
@ApiTags('admin: releases')
@Auth('admin')
@Controller('api/admin/releases')
export class AdminReleasesController {
  constructor(private readonly releases: ReleasesService) {}

  @Get()
  @ApiOperation({ summary: 'Every product with its current release and history (newest first)' })
  @ApiOkResponse({ type: ReleaseListDto })
  list(): Promise<ReleaseListDto> {
    return this.releases.list();
  }

  @Post()
  @HttpCode(201)
  @UseInterceptors(ReleaseUploadBoundary, FileInterceptor('file'), ReleaseFormTextGuard)
  @ApiOperation({
    summary:
      'Upload a version (multipart/form-data): validated, stored, and made the current release',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadReleaseFormDto })
  @ApiCreatedResponse({ type: ReleaseDto })
  @ApiNotFoundResponse({ description: 'PRODUCT_NOT_FOUND' })
  @ApiConflictResponse({ description: 'RELEASE_VERSION_EXISTS' })
  @ApiPayloadTooLargeResponse({ description: 'RELEASE_TOO_LARGE (RELEASE_MAX_MB)' })
  upload(
    @CurrentUser() admin: User,
    @Body() dto: UploadReleaseDto,
    @UploadedFile() file: Express.Multer.File | undefined,
  ): Promise<ReleaseDto> {
    return this.releases.upload(admin, dto, file);
  }

  @Post(':id/current')
  @HttpCode(200)
  @ApiOperation({ summary: "Make this release its product's current one (rollback or forward)" })
  @ApiOkResponse({ type: ReleaseDto })
  @ApiNotFoundResponse({ description: 'RELEASE_NOT_FOUND' })
  makeCurrent(@CurrentUser() admin: User, @Param() p: ReleaseIdParamDto): Promise<ReleaseDto> {
    return this.releases.makeCurrent(admin, p.id);
  }
}
