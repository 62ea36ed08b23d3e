import { Controller, HttpCode, Module, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiQuery,
  ApiSecurity,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { LicenseCheckDto, LicenseCheckResultDto } from '../licenses/dto/license.dto';
import { VerifyTokenDto, VerifyTokenResponseDto } from '../tokens/dto/token.dto';

const RATE_LIMITED = 'Rate limited per client address (X-RateLimit-* headers; Retry-After)';
const TOO_LARGE = 'The body is larger than 16 kB';

/** The handlers below are never called: plugin-routes.ts answers these paths before Express. */
function answeredByPluginRoutes(): never {
  throw new Error('The plugin routes are answered by plugin-routes.ts, not by Nest');
}

/**
 * The plugin routes' contract. They are answered by a plain Node handler in front of Express
 * (plugin-routes.ts), so these controllers are never mounted in the app: the OpenAPI document reads
 * their decorators (see web/openapi.ts) and so describes the plugin calls from the same DTO classes
 * as every other route.
 */
@ApiTags('tokens')
@Controller('api')
export class VerifyTokenRoute {
  @Post('verify-token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Verify an activation code (body token or Authorization: Bearer)' })
  @ApiSecurity({}) // the token may come in the body instead
  @ApiBearerAuth()
  @ApiBody({ type: VerifyTokenDto, required: false })
  @ApiOkResponse({ type: VerifyTokenResponseDto, description: 'valid or not' })
  @ApiBadRequestResponse({ description: 'Token is required' })
  @ApiPayloadTooLargeResponse({ description: TOO_LARGE })
  @ApiTooManyRequestsResponse({ description: RATE_LIMITED })
  verifyToken(): VerifyTokenResponseDto {
    return answeredByPluginRoutes();
  }
}

@ApiTags('licenses')
@Controller('api/licenses')
export class LicenseCheckRoute {
  @Post('check')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "The plugin's license check for its site (Authorization: Bearer <activation code>, or license_key); JSON or form-encoded body",
  })
  @ApiSecurity({}) // the code may come as license_key instead
  @ApiBearerAuth()
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded')
  @ApiBody({ type: LicenseCheckDto })
  @ApiQuery({
    name: 'license_key',
    required: false,
    description:
      'The activation code, when neither the bearer header nor the body field carries it',
  })
  @ApiOkResponse({
    type: LicenseCheckResultDto,
    description:
      'VALID, TOKEN_INVALID, DOMAIN_NOT_BOUND, LICENSE_EXPIRED or LICENSE_REVOKED (its order was refunded). ' +
      'Signed: X-Seatkeeper-Signature is the base64 Ed25519 signature of the exact body bytes, X-Seatkeeper-Key-Id ' +
      'names the key (GET /api/licenses/public-key).',
    headers: {
      'X-Seatkeeper-Signature': {
        description: 'Base64 Ed25519 signature of the body',
        schema: { type: 'string' },
      },
      'X-Seatkeeper-Key-Id': {
        description: 'The keyId of GET /api/licenses/public-key',
        schema: { type: 'string' },
      },
    },
  })
  @ApiBadRequestResponse({ description: 'Domain is required / Must be a valid URL' })
  @ApiPayloadTooLargeResponse({ description: TOO_LARGE })
  @ApiTooManyRequestsResponse({ description: RATE_LIMITED })
  check(): LicenseCheckResultDto {
    return answeredByPluginRoutes();
  }
}

/** Only for the OpenAPI document: never imported by AppModule. */
@Module({ controllers: [VerifyTokenRoute, LicenseCheckRoute] })
export class PluginApiContractModule {}
