import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import {
  CreateWebhookDto,
  DeliveryQueryDto,
  UpdateWebhookDto,
  WebhookDeliveryPageDto,
  WebhookDeliveryResultDto,
  WebhookEndpointResultDto,
  WebhookListDto,
  WebhookSecretResultDto,
} from './dto/webhooks.dto';
import { WebhooksAdminService } from './webhooks-admin.service';

@ApiTags('admin: webhooks')
@Auth('admin')
@Controller('api/admin/webhooks')
export class WebhooksAdminController {
  constructor(private readonly webhooks: WebhooksAdminService) {}

  /** The endpoints, and the kinds the store can deliver to with the events each may carry. */
  @Get()
  @ApiOkResponse({ type: WebhookListDto })
  list(): Promise<WebhookListDto> {
    return this.webhooks.list();
  }

  /** A new endpoint; a Standard Webhooks one answers its `whsec_` secret, this once. */
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: WebhookSecretResultDto })
  create(
    @CurrentUser() admin: User,
    @Body() dto: CreateWebhookDto,
  ): Promise<WebhookSecretResultDto> {
    return this.webhooks.create(admin, dto);
  }

  @Patch(':id')
  @ApiOkResponse({ type: WebhookEndpointResultDto })
  update(
    @CurrentUser() admin: User,
    @Param('id') id: string,
    @Body() dto: UpdateWebhookDto,
  ): Promise<WebhookEndpointResultDto> {
    return this.webhooks.update(admin, id, dto);
  }

  /** A new secret, answered this once; the previous one keeps signing for 24 h. */
  @Post(':id/rotate')
  @HttpCode(200)
  @ApiOkResponse({ type: WebhookSecretResultDto })
  rotate(@CurrentUser() admin: User, @Param('id') id: string): Promise<WebhookSecretResultDto> {
    return this.webhooks.rotate(admin, id);
  }

  @Post(':id/disable')
  @HttpCode(200)
  @ApiOkResponse({ type: WebhookEndpointResultDto })
  disable(@CurrentUser() admin: User, @Param('id') id: string): Promise<WebhookEndpointResultDto> {
    return this.webhooks.setEnabled(admin, id, false);
  }

  @Post(':id/enable')
  @HttpCode(200)
  @ApiOkResponse({ type: WebhookEndpointResultDto })
  enable(@CurrentUser() admin: User, @Param('id') id: string): Promise<WebhookEndpointResultDto> {
    return this.webhooks.setEnabled(admin, id, true);
  }

  /** An example event (`"test": true`) through the outbox, like any other. */
  @Post(':id/test')
  @HttpCode(200)
  @ApiOkResponse({ type: WebhookDeliveryResultDto })
  test(@CurrentUser() admin: User, @Param('id') id: string): Promise<WebhookDeliveryResultDto> {
    return this.webhooks.sendTest(admin, id);
  }

  /** The endpoint's delivery log, newest first. */
  @Get(':id/deliveries')
  @ApiOkResponse({ type: WebhookDeliveryPageDto })
  deliveries(
    @Param('id') id: string,
    @Query() q: DeliveryQueryDto,
  ): Promise<WebhookDeliveryPageDto> {
    return this.webhooks.deliveries(id, q);
  }

  /** The same message (same webhook-id) sent again with a fresh round of attempts. */
  @Post(':id/deliveries/:deliveryId/resend')
  @HttpCode(200)
  @ApiOkResponse({ type: WebhookDeliveryResultDto })
  resend(
    @CurrentUser() admin: User,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<WebhookDeliveryResultDto> {
    return this.webhooks.resend(admin, id, deliveryId);
  }
}
