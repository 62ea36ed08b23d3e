import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth } from '../common/auth.decorator';
import { CurrentUser } from '../common/current-user.decorator';
import type { User } from '../users/user.entity';
import { MailPageDto, MailQueryDto, MailResendDto } from './dto/mail.dto';
import { MailAdminService } from './mail-admin.service';

@ApiTags('admin: mail')
@Auth('admin')
@Controller('api/admin/mail')
export class MailAdminController {
  constructor(private readonly mail: MailAdminService) {}

  /** The outbox, newest first: status, attempts, last error, recipient, subject (docs/mail.md). */
  @Get()
  @ApiOkResponse({ type: MailPageDto })
  list(@Query() q: MailQueryDto): Promise<MailPageDto> {
    return this.mail.list(q);
  }

  /** Sends a failed message again (a fresh round of attempts); 409 for any other status. */
  @Post(':id/resend')
  @HttpCode(200)
  @ApiOkResponse({ type: MailResendDto })
  resend(@CurrentUser() admin: User, @Param('id') id: string): Promise<MailResendDto> {
    return this.mail.resend(admin, id);
  }
}
