import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/auth.decorator';
import { PublicKeyDto } from './dto/public-key.dto';
import { SigningService } from './signing.service';

@ApiTags('licenses')
@Controller('api/licenses')
export class SigningController {
  constructor(private readonly signing: SigningService) {}

  @Public()
  @Get('public-key')
  // Public and the same for everyone: caches may keep it (the /api default is no-store).
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiOperation({
    summary:
      'The Ed25519 public key that verifies X-Seatkeeper-Signature on the licence check and the update metadata',
  })
  @ApiOkResponse({ type: PublicKeyDto })
  publicKey(): PublicKeyDto {
    return this.signing.info;
  }
}
