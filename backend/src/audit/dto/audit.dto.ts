import { ApiProperty } from '@nestjs/swagger';
import { PaginationDto } from '../../common/dto/paging.dto';

const SNAPSHOT = {
  type: 'object',
  additionalProperties: true,
  nullable: true,
} as const;

export class AuditEntryDto {
  @ApiProperty() id!: string;
  @ApiProperty({ description: "The admin's e-mail, or 'system' for automatic grants" })
  actor!: string;
  @ApiProperty({ example: 'vip.add' }) action!: string;
  @ApiProperty({ description: 'What was changed: an e-mail, a code, an id' }) target!: string;
  @ApiProperty({ ...SNAPSHOT, description: 'The record before the change' })
  before!: unknown;
  @ApiProperty({ ...SNAPSHOT, description: 'The record after the change' })
  after!: unknown;
  @ApiProperty() createdAt!: string;
}

/** An entry of the admin audit log, with what the readable log links to. */
export class AuditListEntryDto extends AuditEntryDto {
  @ApiProperty({ enum: ['admin', 'customer', 'system', 'gateway'] })
  actorKind!: 'admin' | 'customer' | 'system' | 'gateway';
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "The actor's e-mail: the admin's, or the customer's who acted; null for the system and gateways",
  })
  actorEmail!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'The customer the entry is about (its order, e-mail, seat or own action), for a link',
  })
  customerId!: string | null;
  @ApiProperty({ type: String, nullable: true }) customerEmail!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The order the entry is about' })
  orderNumber!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "The seat the entry is about (its licence id), when it still exists: the customer's page shows it",
  })
  licenseId!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: "That seat's number (1, 2, …)" })
  seatIndex!: number | null;
}

export class AuditPageDto {
  @ApiProperty({ type: [AuditListEntryDto] }) items!: AuditListEntryDto[];
  @ApiProperty({ type: PaginationDto }) pagination!: PaginationDto;
}
