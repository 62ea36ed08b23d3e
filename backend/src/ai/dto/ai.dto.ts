import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { AiConfigStatusDto } from '../../licenses/dto/license.dto';

export class SaveAiConfigDto {
  @ApiProperty()
  @MaxLength(500)
  @IsNotEmpty({ message: 'please enter API Key' })
  @IsString({ message: 'please enter API Key' })
  apiKey!: string;

  @ApiProperty({ example: 'https://api.openai.com/v1' })
  @MaxLength(2048)
  @IsNotEmpty({ message: 'please enter API URL' })
  @IsString({ message: 'please enter API URL' })
  baseUrl!: string;

  @ApiPropertyOptional({
    description: 'A model to test with; without one, listed and common models are tried',
  })
  @IsOptional()
  @MaxLength(200)
  @IsString()
  model?: string;
}

export class GenerateConfigDto {
  @ApiProperty()
  @MaxLength(500)
  @IsNotEmpty({ message: 'please enter API Key' })
  @IsString()
  api_key!: string;
  @ApiProperty()
  @MaxLength(2048)
  @IsNotEmpty({ message: 'please enter API URL' })
  @IsString()
  base_url!: string;
  @ApiProperty()
  @MaxLength(200)
  @IsNotEmpty({ message: 'model is required' })
  @IsString()
  model!: string;
}

export class GenerateRequestDto {
  @ApiProperty()
  @MaxLength(20_000)
  @IsNotEmpty({ message: 'user_prompt is required' })
  @IsString()
  user_prompt!: string;
  @ApiPropertyOptional() @IsOptional() @MaxLength(200_000) @IsString() selected_code?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() stream?: boolean;
}

export class GenerateDto {
  @ApiPropertyOptional({
    type: GenerateConfigDto,
    description:
      'Omit to use a stored configuration: the seat `licenseId`, or the seat bound to `domain` (bearer token)',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => GenerateConfigDto)
  @IsObject()
  config?: GenerateConfigDto;

  @ApiProperty({ type: GenerateRequestDto })
  @ValidateNested()
  @Type(() => GenerateRequestDto)
  @IsObject({ message: 'request is required' })
  request!: GenerateRequestDto;

  @ApiPropertyOptional({ description: "The plugin's site, to use its seat's stored configuration" })
  @IsOptional()
  @MaxLength(2048)
  @IsString()
  domain?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description:
      "One of the customer's seats, to use its saved configuration (the /test page): the key never leaves the server",
  })
  @IsOptional()
  @IsUUID('all', { message: 'licenseId must be a seat id' })
  licenseId?: string;
}

/** A seat's saved AI configuration: the key only masked. */
export class AiConfigDto {
  @ApiProperty({ type: String, nullable: true }) baseUrl!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "'sk-l****cdef', or '****' for short keys; null when no key is saved",
  })
  maskedApiKey!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The last save' })
  lastUpdated!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The model the last save verified' })
  model!: string | null;
}

export class SavedAiConfigDto {
  @ApiProperty({ example: 'verified, configuration saved' }) message!: string;
  @ApiProperty({ description: 'The model that answered (the given one, or one found)' })
  model!: string;
  @ApiProperty({ type: AiConfigStatusDto }) aiConfigStatus!: AiConfigStatusDto;
}

export class RevealedAiKeyDto {
  @ApiProperty() plainApiKey!: string;
}

export class GenerationStartedDto {
  @ApiProperty({ description: 'Poll /api/ai/generate/{workflowId}/status' }) workflowId!: string;
}

export class GenerationResultDto {
  @ApiProperty() content!: string;
}

export const GENERATION_STATUSES = [
  'pending',
  'running',
  'completed',
  'failed',
  'timed_out',
] as const;

export class GenerationStatusDto {
  @ApiProperty({ enum: GENERATION_STATUSES }) status!: (typeof GENERATION_STATUSES)[number];
  @ApiProperty({ type: GenerationResultDto, nullable: true }) result!: GenerationResultDto | null;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
}
