import { ApiProperty } from '@nestjs/swagger';
import type { User } from '../user.entity';

export class SessionUserDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ type: String, nullable: true }) image!: string | null;
  @ApiProperty() emailVerified!: boolean;

  static from(user: User): SessionUserDto {
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      image: user.image ?? null,
      emailVerified: user.emailVerified,
    };
  }
}
