import { ApiProperty } from '@nestjs/swagger';
import type { PublicKeyInfo } from '../signature';

export class PublicKeyDto implements PublicKeyInfo {
  @ApiProperty({ enum: ['Ed25519'] }) algorithm!: 'Ed25519';
  @ApiProperty({
    description:
      'First 16 hex digits of SHA-256 over the raw public key; sent as X-Seatkeeper-Key-Id',
    example: '3f9a0c1b2d4e5f60',
  })
  keyId!: string;
  @ApiProperty({ description: 'Base64 of the raw 32-byte Ed25519 public key' }) publicKey!: string;
  @ApiProperty({ description: 'The same key as an SPKI PEM' }) pem!: string;
}
