import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsEmail,
  IsIn,
  IsOptional,
  Matches,
  IsString,
  IsUrl,
  Length,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { SessionUserDto } from '../../users/dto/session-user.dto';
import { USER_LANGUAGES, type UserLanguage } from '../../users/language';
import { WechatProviderInfoDto } from './wechat-sign-in.dto';

// class-validator checks the bottom decorator first: type checks sit closest to the property, so the
// first failing rule reported is the most basic one.

export class SignInSocialDto {
  @ApiProperty({ example: 'google' })
  @MaxLength(50)
  @IsString()
  provider!: string;

  @ApiPropertyOptional({
    description: 'Same-origin path to return to; anything else falls back to /dashboard',
  })
  @IsOptional()
  @MaxLength(2048)
  @IsString()
  callbackURL?: string;

  @ApiPropertyOptional({ description: 'Passed to the identity provider as login_hint' })
  @IsOptional()
  @IsEmail({}, { message: 'Invalid email format' })
  loginHint?: string;
}

export class SignInSocialResponseDto {
  @ApiProperty() url!: string;
  @ApiProperty() redirect!: boolean;
}

export class ProviderInfoDto {
  @ApiProperty({ example: 'google' }) id!: string;
  @ApiProperty({ example: 'Google' }) name!: string;
  @ApiProperty({
    description: 'true: the local development identity provider stands in for Google',
  })
  development!: boolean;
}

export class EmailProviderInfoDto {
  @ApiProperty({ example: 'email' }) id!: string;
  @ApiProperty({ example: 'E-mail code' }) name!: string;
}

export class ProvidersResponseDto {
  @ApiPropertyOptional({
    type: ProviderInfoDto,
    description: 'Absent: Google credentials are missing (nobody can sign in here)',
  })
  google?: ProviderInfoDto;

  @ApiPropertyOptional({
    type: EmailProviderInfoDto,
    description: 'Present when sign-in by e-mail code is on (EMAIL_SIGN_IN=true)',
  })
  email?: EmailProviderInfoDto;

  @ApiPropertyOptional({
    type: WechatProviderInfoDto,
    description: 'Present when WeChat sign-in is configured (WECHAT_LOGIN_APP_ID, docs/sign-in.md)',
  })
  wechat?: WechatProviderInfoDto;
}

export class EmailCodeRequestDto {
  @ApiProperty({ example: 'buyer@example.com' })
  @MaxLength(254)
  @IsEmail({}, { message: 'Invalid email format' })
  email!: string;
}

export class EmailCodeSentDto {
  @ApiProperty() status!: boolean;
  @ApiProperty({ description: 'How long the code works' }) expiresInSeconds!: number;
}

export class EmailCodeVerifyDto {
  @ApiProperty({ example: 'buyer@example.com' })
  @MaxLength(254)
  @IsEmail({}, { message: 'Invalid email format' })
  email!: string;

  @ApiProperty({ example: '123456', description: 'The six digits sent to the address' })
  @Matches(/^\d{6}$/, { message: 'The code is 6 digits' })
  @IsString()
  code!: string;
}

export class EmailCodeSignedInDto {
  @ApiProperty() status!: boolean;
  @ApiProperty({ type: SessionUserDto }) user!: SessionUserDto;
}

export class UpdateUserDto {
  @ApiPropertyOptional()
  @IsOptional()
  @Length(1, 100, { message: 'Name must be 1 to 100 characters' })
  @IsString()
  name?: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @MaxLength(2048)
  @IsUrl(
    { protocols: ['https', 'http'], require_protocol: true },
    { message: 'Must be a valid URL' },
  )
  image?: string | null;

  @ApiPropertyOptional({
    enum: USER_LANGUAGES,
    description: 'The language e-mails are written in',
  })
  @IsOptional()
  @IsIn([...USER_LANGUAGES], { message: `language must be one of ${USER_LANGUAGES.join(', ')}` })
  language?: UserLanguage;
}

export class SessionInfoDto {
  @ApiProperty({ description: 'Opaque id of this session (not the cookie value)' }) id!: string;
  @ApiProperty() userId!: string;
  @ApiProperty({ type: String, nullable: true }) expiresAt!: string | null;
}

export class RolesDto {
  @ApiProperty() isAdmin!: boolean;
  @ApiProperty() isQuizManager!: boolean;
}

export class SessionResponseDto {
  @ApiProperty({ type: SessionUserDto }) user!: SessionUserDto;
  @ApiProperty({ type: SessionInfoDto }) session!: SessionInfoDto;
  @ApiProperty({ type: RolesDto }) roles!: RolesDto;
}

export class StatusResponseDto {
  @ApiProperty() status!: boolean;
}

export class UpdateUserResponseDto {
  @ApiProperty() status!: boolean;
  @ApiProperty({ type: SessionUserDto }) user!: SessionUserDto;
}
