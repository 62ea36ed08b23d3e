import { ApiProperty } from '@nestjs/swagger';

/** `{ success: true }`: sign-out, account deletion and the admin deletions. */
export class SuccessDto {
  @ApiProperty({ example: true }) success!: boolean;
}

/** `{ message }`: an action whose answer is only its text (e.g. the VIP list's add and remove). */
export class MessageDto {
  @ApiProperty() message!: string;
}
