import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import { AiConfigService } from './ai-config.service';
import { AiJobsService } from './ai-jobs.service';
import { GenerateDto, SaveAiConfigDto } from './dto/ai.dto';

@ApiTags('AI')
@Controller(['api/apitokens/licenses', 'apitokens/tokens/licenses'])
export class AiConfigController {
  constructor(private readonly aiConfig: AiConfigService) {}

  @Auth()
  @Get(':id/ai-config')
  get(@CurrentUser() user: User, @Param('id') id: string) {
    return this.aiConfig.get(user, id);
  }

  @Auth()
  @Put(':id/ai-config')
  @ApiOkResponse({ description: "'verified, configuration saved'; 400 with code needs_model, triedModels and suggestions" })
  save(@CurrentUser() user: User, @Param('id') id: string, @Body() dto: SaveAiConfigDto) {
    return this.aiConfig.save(user, id, dto);
  }

  @Auth()
  @Post(':id/ai-config/reveal')
  @HttpCode(200)
  reveal(@CurrentUser() user: User, @Param('id') id: string) {
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
  create(@CurrentUser() user: User, @Body() dto: GenerateDto) {
    return this.jobs.create(user, dto);
  }

  @Auth('user', { bearer: true })
  @Get(':id/status')
  status(@CurrentUser() user: User, @Param('id') id: string) {
    return this.jobs.status(user, id);
  }
}
