import { Body, Controller, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import {
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import { AiConfigService } from './ai-config.service';
import { AiJobsService } from './ai-jobs.service';
import {
  AiConfigDto,
  GenerateDto,
  GenerationStartedDto,
  GenerationStatusDto,
  RevealedAiKeyDto,
  SaveAiConfigDto,
  SavedAiConfigDto,
} from './dto/ai.dto';

@ApiTags('AI')
@Controller(['api/apitokens/licenses', 'apitokens/tokens/licenses'])
export class AiConfigController {
  constructor(private readonly aiConfig: AiConfigService) {}

  @Auth()
  @Get(':id/ai-config')
  @ApiOkResponse({ type: AiConfigDto })
  get(@CurrentUser() user: User, @Param('id') id: string): Promise<AiConfigDto> {
    return this.aiConfig.get(user, id);
  }

  @Auth()
  @Put(':id/ai-config')
  @ApiOkResponse({
    type: SavedAiConfigDto,
    description:
      "'verified, configuration saved'; 400 with code needs_model, triedModels and suggestions",
  })
  @ApiForbiddenResponse({ description: 'No active licence' })
  @ApiTooManyRequestsResponse({ description: 'More than 10 tests a minute (Retry-After)' })
  save(
    @CurrentUser() user: User,
    @Param('id') id: string,
    @Body() dto: SaveAiConfigDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SavedAiConfigDto> {
    return this.aiConfig.save(user, id, dto, res);
  }

  @Auth()
  @Post(':id/ai-config/reveal')
  @HttpCode(200)
  @ApiOkResponse({ type: RevealedAiKeyDto })
  reveal(@CurrentUser() user: User, @Param('id') id: string): Promise<RevealedAiKeyDto> {
    return this.aiConfig.reveal(user, id);
  }
}

@ApiTags('AI')
@Controller('api/ai/generate')
export class AiGenerateController {
  constructor(private readonly jobs: AiJobsService) {}

  @Auth('user', { bearer: true })
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: GenerationStartedDto })
  @ApiForbiddenResponse({ description: 'No active licence' })
  @ApiTooManyRequestsResponse({
    description:
      'More than 20 generations a minute (RATE_LIMITED), or AI_QUEUE_PER_CUSTOMER (5) already waiting or running (AI_QUEUE_FULL); Retry-After',
  })
  create(
    @CurrentUser() user: User,
    @Body() dto: GenerateDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<GenerationStartedDto> {
    return this.jobs.create(user, dto, res);
  }

  @Auth('user', { bearer: true })
  @Get(':id/status')
  @ApiOkResponse({ type: GenerationStatusDto })
  status(@CurrentUser() user: User, @Param('id') id: string): Promise<GenerationStatusDto> {
    return this.jobs.status(user, id);
  }
}
