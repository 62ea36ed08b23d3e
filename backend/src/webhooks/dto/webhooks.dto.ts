import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ENDPOINT_KINDS,
  WEBHOOK_EVENT_TYPES,
  type EndpointKind,
  type WebhookEventType,
} from '@seatkeeper/domain';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import { PageQueryDto, PaginationDto } from '../../common/dto/paging.dto';
import {
  DELIVERY_STATUSES,
  type DeliveryStatus,
  type WebhookDelivery,
} from '../webhook-delivery.entity';
import {
  NOTICE_LANGUAGES,
  type NoticeLanguage,
  type WebhookEndpoint,
} from '../webhook-endpoint.entity';
import { parseEvents } from '../webhook-rules';

export class CreateWebhookDto {
  @ApiProperty({ enum: ENDPOINT_KINDS })
  @IsIn([...ENDPOINT_KINDS], { message: `kind must be one of ${ENDPOINT_KINDS.join(', ')}` })
  kind!: EndpointKind;

  @ApiProperty({ example: 'https://hooks.example.com/seatkeeper' })
  @MaxLength(2000)
  @IsNotEmpty({ message: 'url is required' })
  @IsString({ message: 'url must be a string' })
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length * 2)
  @ArrayNotEmpty({ message: 'choose at least one event' })
  @IsIn([...WEBHOOK_EVENT_TYPES], { each: true, message: 'unknown event type' })
  @IsArray({ message: 'events must be a list of event types' })
  events!: WebhookEventType[];

  @ApiPropertyOptional({ enum: NOTICE_LANGUAGES, default: 'zh-CN' })
  @IsOptional()
  @IsIn([...NOTICE_LANGUAGES], { message: 'language must be zh-CN or en' })
  language?: NoticeLanguage;

  @ApiPropertyOptional({
    description: "A DingTalk or Feishu robot's signing secret, as shown by the platform",
  })
  @IsOptional()
  @MaxLength(500)
  @IsString({ message: 'secret must be a string' })
  secret?: string;
}

export class UpdateWebhookDto {
  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  @IsOptional()
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length * 2)
  @ArrayNotEmpty({ message: 'choose at least one event' })
  @IsIn([...WEBHOOK_EVENT_TYPES], { each: true, message: 'unknown event type' })
  @IsArray({ message: 'events must be a list of event types' })
  events?: WebhookEventType[];

  @ApiPropertyOptional({ enum: NOTICE_LANGUAGES })
  @IsOptional()
  @IsIn([...NOTICE_LANGUAGES], { message: 'language must be zh-CN or en' })
  language?: NoticeLanguage;
}

export class WebhookEndpointDto {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ENDPOINT_KINDS }) kind!: EndpointKind;
  @ApiProperty({ description: 'Scheme, host and path; never the query (a robot token)' })
  url!: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true }) events!: WebhookEventType[];
  @ApiProperty({ enum: NOTICE_LANGUAGES }) language!: NoticeLanguage;
  @ApiProperty() enabled!: boolean;
  @ApiProperty({ type: String, nullable: true, description: "'admin' or 'failing'" })
  disabledReason!: string | null;
  @ApiProperty({ type: String, nullable: true }) failingSince!: string | null;
  @ApiProperty({ description: 'Whether it signs with a secret (generated or pasted)' })
  hasSecret!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Until when the previous secret also signs',
  })
  previousSecretUntil!: string | null;
  @ApiProperty() createdAt!: string;

  static from(e: WebhookEndpoint): WebhookEndpointDto {
    return {
      id: e.id,
      kind: e.kind,
      url: e.urlHint,
      events: parseEvents(e.events),
      language: e.language,
      enabled: e.enabled,
      disabledReason: e.disabledReason ?? null,
      failingSince: e.failingSince ? e.failingSince.toISOString() : null,
      hasSecret: Boolean(e.secretSealed),
      previousSecretUntil:
        e.previousSecretUntil && e.previousSecretUntil.getTime() > Date.now()
          ? e.previousSecretUntil.toISOString()
          : null,
      createdAt: e.createdAt.toISOString(),
    };
  }
}

export class WebhookKindDto {
  @ApiProperty({ enum: ENDPOINT_KINDS }) kind!: EndpointKind;
  @ApiProperty({ description: 'False while no channel delivers this kind' }) available!: boolean;
  @ApiProperty({ enum: ['generated', 'pasted', 'optional', 'none'] }) secret!: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true }) events!: WebhookEventType[];
}

export class WebhookListDto {
  @ApiProperty({ type: [WebhookEndpointDto] }) endpoints!: WebhookEndpointDto[];
  @ApiProperty({ type: [WebhookKindDto] }) kinds!: WebhookKindDto[];
}

export class WebhookEndpointResultDto {
  @ApiProperty({ type: WebhookEndpointDto }) endpoint!: WebhookEndpointDto;
}

export class WebhookSecretResultDto {
  @ApiProperty({ type: WebhookEndpointDto }) endpoint!: WebhookEndpointDto;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The new whsec_ signing secret: shown this once',
  })
  secret!: string | null;
}

export class DeliveryQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: DELIVERY_STATUSES })
  @IsOptional()
  @IsIn([...DELIVERY_STATUSES], {
    message: `status must be one of ${DELIVERY_STATUSES.join(', ')}`,
  })
  status?: DeliveryStatus;
}

export class WebhookDeliveryDto {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'msg_2Kq0…' }) messageId!: string;
  @ApiProperty() eventType!: string;
  @ApiProperty({ enum: DELIVERY_STATUSES }) status!: DeliveryStatus;
  @ApiProperty() attempts!: number;
  @ApiProperty() nextAttemptAt!: string;
  @ApiProperty({ type: Number, nullable: true }) lastStatus!: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The first 500 characters of the answer',
  })
  lastResponse!: string | null;
  @ApiProperty({ type: String, nullable: true }) lastError!: string | null;
  @ApiProperty({ type: Number, nullable: true }) lastDurationMs!: number | null;
  @ApiProperty({ type: String, nullable: true }) lastAttemptAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) deliveredAt!: string | null;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ description: 'The envelope as sent (JSON)' }) payload!: string;

  static from(d: WebhookDelivery): WebhookDeliveryDto {
    const iso = (v?: Date | null) => (v ? v.toISOString() : null);
    return {
      id: d.id,
      messageId: d.messageId,
      eventType: d.eventType,
      status: d.status,
      attempts: d.attempts,
      nextAttemptAt: d.nextAttemptAt.toISOString(),
      lastStatus: d.lastStatus ?? null,
      lastResponse: d.lastResponse ?? null,
      lastError: d.lastError ?? null,
      lastDurationMs: d.lastDurationMs ?? null,
      lastAttemptAt: iso(d.lastAttemptAt),
      deliveredAt: iso(d.deliveredAt),
      createdAt: d.createdAt.toISOString(),
      payload: d.payload,
    };
  }
}

export class WebhookDeliveryPageDto {
  @ApiProperty({ type: [WebhookDeliveryDto] }) items!: WebhookDeliveryDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}

export class WebhookDeliveryResultDto {
  @ApiProperty({ type: WebhookDeliveryDto }) delivery!: WebhookDeliveryDto;
}
