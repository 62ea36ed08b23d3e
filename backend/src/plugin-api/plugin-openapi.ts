import type { OpenAPIObject } from '@nestjs/swagger';
import { LicenseCheckDto, LicenseCheckResultDto } from '../licenses/dto/license.dto';
import { VerifyTokenDto, VerifyTokenResponseDto } from '../tokens/dto/token.dto';

/** DTO classes the plugin routes reference, registered as extra OpenAPI models. */
export const PLUGIN_MODELS = [
  VerifyTokenDto,
  VerifyTokenResponseDto,
  LicenseCheckDto,
  LicenseCheckResultDto,
];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({ description });
const rateLimited = {
  description: 'Rate limited per client address (X-RateLimit-* headers; Retry-After)',
};

/** The plugin routes are mounted outside Nest (see plugin-routes.ts); this documents them beside the rest. */
export function documentPluginRoutes(doc: OpenAPIObject): OpenAPIObject {
  doc.paths['/api/verify-token'] = {
    post: {
      tags: ['tokens'],
      summary: 'Verify an activation code (body token or Authorization: Bearer)',
      security: [{ bearer: [] }, {}],
      requestBody: {
        required: false,
        content: { 'application/json': { schema: ref('VerifyTokenDto') } },
      },
      responses: {
        '200': {
          description: 'valid or not',
          content: { 'application/json': { schema: ref('VerifyTokenResponseDto') } },
        },
        '400': errorResponse('Token is required'),
        '429': rateLimited,
      },
    },
  };
  doc.paths['/api/licenses/check'] = {
    post: {
      tags: ['licenses'],
      summary: "The plugin's licence check for its site (Authorization: Bearer <activation code>)",
      security: [{ bearer: [] }],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: ref('LicenseCheckDto') } },
      },
      responses: {
        '200': {
          description: 'VALID, TOKEN_INVALID, DOMAIN_NOT_BOUND or LICENSE_EXPIRED',
          content: { 'application/json': { schema: ref('LicenseCheckResultDto') } },
        },
        '400': errorResponse('Domain is required / Must be a valid URL'),
        '429': rateLimited,
      },
    },
  };
  return doc;
}
