import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { SessionUserDto } from '../../users/dto/session-user.dto';

export class WechatStartQueryDto {
  @ApiPropertyOptional({
    description:
      'Same-origin path to return to; anything else falls back to /dashboard (/profile when linking)',
  })
  @IsOptional()
  @MaxLength(2048)
  @IsString()
  callbackURL?: string;
}

export class WechatProviderInfoDto {
  @ApiProperty({ example: 'wechat' }) id!: string;
  @ApiProperty({ example: 'WeChat' }) name!: string;
  @ApiProperty({
    description: "true: WECHAT_LOGIN_BASE is this store's development WeChat server (/dev-wechat)",
  })
  development!: boolean;
}

export class WayInDto {
  @ApiProperty({ enum: ['google', 'wechat', 'email'] }) way!: 'google' | 'wechat' | 'email';
  @ApiProperty() linked!: boolean;
  @ApiProperty({
    description: 'Offered on this store: an unlinked way that is not offered cannot be linked',
  })
  offered!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'The address, or the WeChat nickname' })
  label!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'When it was linked, when known' })
  since!: string | null;
}

export class WaysInDto {
  @ApiProperty({ type: [WayInDto] }) ways!: WayInDto[];
  @ApiProperty({
    description: 'true: an account made by WeChat that has no e-mail address yet (cannot pay)',
  })
  awaitingEmail!: boolean;
}

export class UnlinkWayInDto {
  @ApiProperty({ enum: ['google', 'wechat'], example: 'wechat' })
  @IsIn(['google', 'wechat'], { message: 'way must be google or wechat' })
  @IsString()
  way!: 'google' | 'wechat';
}

export class WechatEmailSignedInDto {
  @ApiProperty() status!: boolean;
  @ApiProperty({ type: SessionUserDto }) user!: SessionUserDto;
}
