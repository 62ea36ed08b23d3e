import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { SeatEventDto } from '../../licenses/dto/license.dto';
import { OrderDto } from '../../orders/dto/order.dto';

export class DeviceDto {
  @ApiProperty({ type: String, nullable: true, description: 'e.g. Chrome; null when unknown' })
  browser!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'e.g. Windows; null when unknown' })
  os!: string | null;
}

export class AccountSessionDto {
  @ApiProperty({ description: "A digest of the session id (as get-session's session.id)" })
  id!: string;
  @ApiProperty({ type: DeviceDto }) device!: DeviceDto;
  @ApiProperty({ description: 'When it signed in' }) createdAt!: string;
  @ApiProperty({ description: 'Last request, within five minutes' }) lastSeenAt!: string;
  @ApiProperty() expiresAt!: string;
  @ApiProperty({ description: 'The session of this request' }) current!: boolean;
}

export class AccountSessionsDto {
  @ApiProperty({ type: [AccountSessionDto], description: 'Live sessions, the last seen first' })
  sessions!: AccountSessionDto[];
}

export class DeleteAccountDto {
  @ApiProperty({ description: "The account's e-mail address, typed to confirm (any case)" })
  @MaxLength(320)
  @IsString()
  confirmation!: string;
}

export class ExportProfileDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty() emailVerified!: boolean;
  @ApiProperty({ type: String, nullable: true }) image!: string | null;
  @ApiProperty({ type: String, nullable: true }) language!: string | null;
  @ApiProperty({ description: 'Signs in with a Google account' }) googleLinked!: boolean;
  @ApiProperty() createdAt!: string;
}

export class ExportAiSettingsDto {
  @ApiProperty({ type: String, nullable: true }) baseUrl!: string | null;
  @ApiProperty({ type: String, nullable: true }) model!: string | null;
  @ApiProperty({ description: 'A key is saved (the key itself is never exported)' })
  apiKeySaved!: boolean;
  @ApiProperty({ type: String, nullable: true }) updatedAt!: string | null;
}

export class ExportSeatDto {
  @ApiProperty() id!: string;
  @ApiProperty() seatIndex!: number;
  @ApiProperty() tier!: string;
  @ApiProperty() licenseType!: string;
  @ApiProperty({ enum: ['active', 'expired', 'revoked'] }) status!: string;
  @ApiProperty({ type: String, nullable: true, description: 'The bound site' })
  websiteUrl!: string | null;
  @ApiProperty() bindingChangesLeft!: number;
  @ApiProperty({ type: String, nullable: true }) lastBindingChangeAt!: string | null;
  @ApiProperty() purchasedAt!: string;
  @ApiProperty({ type: String, nullable: true }) expiresAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) revokedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The order number' })
  orderId!: string | null;
  @ApiProperty({ type: ExportAiSettingsDto }) ai!: ExportAiSettingsDto;
  @ApiProperty({
    type: [SeatEventDto],
    description:
      "The seat's history, oldest first: your binds (with the address they came from) and the store's changes",
  })
  bindingHistory!: SeatEventDto[];
}

export class ExportEmailDto {
  @ApiProperty() kind!: string;
  @ApiProperty() recipient!: string;
  @ApiProperty() language!: string;
  @ApiProperty() subject!: string;
  @ApiProperty() status!: string;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ type: String, nullable: true }) sentAt!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The plain-text body; null for a message that carried a sign-in code',
  })
  text!: string | null;
}

export class ExportSessionDto {
  @ApiProperty({ type: DeviceDto }) device!: DeviceDto;
  @ApiProperty() createdAt!: string;
  @ApiProperty() lastSeenAt!: string;
}

export class AccountExportDto {
  @ApiProperty({ enum: ['seatkeeper-account-export'] }) format!: 'seatkeeper-account-export';
  @ApiProperty({ enum: [1] }) version!: 1;
  @ApiProperty() exportedAt!: string;
  @ApiProperty({
    description:
      'What is left out: API keys, the activation code (a credential: the console shows it) and sign-in codes',
  })
  omitted!: string;
  @ApiProperty({ type: ExportProfileDto }) profile!: ExportProfileDto;
  @ApiProperty({ type: [OrderDto] }) orders!: OrderDto[];
  @ApiProperty({ type: [ExportSeatDto] }) seats!: ExportSeatDto[];
  @ApiProperty({ type: [ExportSessionDto] }) sessions!: ExportSessionDto[];
  @ApiProperty({ type: [ExportEmailDto] }) emails!: ExportEmailDto[];
}
