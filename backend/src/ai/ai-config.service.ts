import { Inject, Injectable } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { CryptoService } from '../common/crypto.service';
import { setRateLimitHeaders } from '../common/rate-limiter';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { LicenseError, LicenseErrorCode } from '../licenses/license-errors';
import { AI_KEY_PURPOSE, type AiSeatSettings, LicensesService } from '../licenses/licenses.service';
import { RateLimitsService, type SharedRateLimiter } from '../rate-limits/rate-limits.service';
import type { User } from '../users/user.entity';
import type { SaveAiConfigDto } from './dto/ai.dto';
import { AiError, AiErrorCode } from './ai-errors';
import { requireActiveLicense } from './ai-license';
import { callProvider, isSendableKey, ProviderError } from './provider-client';
import { classifyProviderFailure } from './provider-failure';

/** Common chat models tried (after the provider's own list) when no model is given. */
export const COMMON_MODELS = [
  'gpt-4o-mini',
  'gpt-4.1-mini',
  'gpt-4o',
  'gpt-3.5-turbo',
  'deepseek-chat',
  'qwen-turbo',
  'glm-4-flash',
];
const MAX_TRIES = 6;

export const AiMessages = {
  saved: 'verified, configuration saved',
} as const;

/** "Test and save" calls the provider up to 7 times: 10 tests per customer per minute (on each instance). */
export const AI_TESTS_PER_MINUTE = 10;

const isConnectionFailure = (e: ProviderError) => e.status === undefined;

/**
 * A failure that ends the test at once, told once in the customer's words (provider-failure.ts): the
 * address unreachable, no OpenAI-compatible API there, the key refused. An unknown model is not one of
 * them (the next model is tried). Other failures without an answer (a timeout) keep the provider's text.
 */
function fatal(e: ProviderError): AiError | null {
  const code = classifyProviderFailure(e);
  if (code && code !== AiErrorCode.AI_MODEL_UNKNOWN)
    return new AiError(code, { cause: e, details: { providerMessage: e.message } });
  if (isConnectionFailure(e))
    return new AiError(AiErrorCode.AI_PROVIDER_REFUSED, { text: e.message, cause: e });
  return null;
}

@Injectable()
export class AiConfigService {
  /** 'Test and save' a minute per customer, counted by every instance together (docs/security.md). */
  private readonly tests: SharedRateLimiter;

  constructor(
    private readonly crypto: CryptoService,
    private readonly licenses: LicensesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    rateLimits: RateLimitsService,
  ) {
    this.tests = rateLimits.limiter('ai-test', AI_TESTS_PER_MINUTE);
  }

  private async ownSeat(user: User, id: string): Promise<AiSeatSettings> {
    const seat = await this.licenses.aiSettingsOf(user.id, id);
    if (!seat) throw new LicenseError(LicenseErrorCode.LICENSE_NOT_FOUND);
    return seat;
  }

  async get(user: User, id: string) {
    const seat = await this.ownSeat(user, id);
    const view = seat.status;
    return {
      baseUrl: view.baseUrl,
      maskedApiKey: view.maskedApiKey,
      lastUpdated: view.lastUpdated,
      model: seat.model,
    };
  }

  async reveal(user: User, id: string) {
    const seat = await this.ownSeat(user, id);
    if (!seat.sealedApiKey) throw new AiError(AiErrorCode.AI_KEY_NOT_CONFIGURED);
    try {
      return { plainApiKey: this.crypto.decrypt(seat.sealedApiKey, AI_KEY_PURPOSE) };
    } catch {
      throw new AiError(AiErrorCode.AI_KEY_NOT_CONFIGURED);
    }
  }

  /**
   * 'Test and save': verified against the provider first, saved only when a model answers. Needs an
   * active licence (403) and is limited per customer (429 with Retry-After).
   */
  async save(user: User, id: string, dto: SaveAiConfigDto, res?: ServerResponse) {
    const seat = await this.ownSeat(user, id);
    await requireActiveLicense(this.licenses, user.id);
    const baseUrl = dto.baseUrl.trim().replace(/\/+$/, '');
    if (!/^https?:\/\/[^/\s]+/i.test(baseUrl)) throw new AiError(AiErrorCode.AI_URL_INVALID);
    const apiKey = dto.apiKey.trim();
    if (!isSendableKey(apiKey)) throw new AiError(AiErrorCode.AI_KEY_INVALID);
    const limit = await this.tests.hit(user.id);
    if (res) setRateLimitHeaders(res, limit);
    if (!limit.allowed) throw new AiError(AiErrorCode.AI_TEST_RATE_LIMITED);
    const model = await this.findWorkingModel(baseUrl, apiKey, dto.model?.trim() || undefined);
    const aiConfigStatus = await this.licenses.saveAiConfig(user.id, seat.id, {
      baseUrl,
      apiKey,
      model,
    });
    return { message: AiMessages.saved, model, aiConfigStatus };
  }

  private ping(baseUrl: string, apiKey: string, model: string) {
    return callProvider({
      baseUrl,
      apiKey,
      path: '/chat/completions',
      body: { model, messages: [{ role: 'user', content: 'ping' }], max_tokens: 1 },
      timeoutMs: this.config.ai.testTimeoutMs,
      allowPrivate: this.config.ai.allowPrivateHosts,
    });
  }

  private async listModels(baseUrl: string, apiKey: string): Promise<string[]> {
    try {
      const list = await callProvider<{ data?: { id?: string }[] }>({
        baseUrl,
        apiKey,
        path: '/models',
        timeoutMs: this.config.ai.testTimeoutMs,
        allowPrivate: this.config.ai.allowPrivateHosts,
      });
      return (list.data ?? []).map((m) => String(m.id ?? '')).filter(Boolean);
    } catch (e) {
      // Some compatible gateways have no /models (or answer it oddly): fall back to the common list;
      // whether the API is compatible is told by the chat call. A bad key or an unreachable host ends
      // the test here.
      if (!(e instanceof ProviderError)) return [];
      const code = classifyProviderFailure(e);
      if (code === AiErrorCode.AI_NOT_OPENAI_COMPATIBLE) return [];
      const error = fatal(e);
      if (error) throw error;
      return [];
    }
  }

  private async findWorkingModel(baseUrl: string, apiKey: string, model?: string): Promise<string> {
    const listed = model ? [] : await this.listModels(baseUrl, apiKey);
    const candidates = model
      ? [model]
      : [...new Set([...listed.slice(0, 3), ...COMMON_MODELS])].slice(0, MAX_TRIES);
    const triedModels: { model: string; error: string; code?: string }[] = [];
    for (const candidate of candidates) {
      try {
        await this.ping(baseUrl, apiKey, candidate);
        return candidate;
      } catch (e) {
        if (!(e instanceof ProviderError)) throw e;
        const error = fatal(e);
        if (error) throw error;
        const code = classifyProviderFailure(e);
        triedModels.push({ model: candidate, error: e.message, ...(code ? { code } : {}) });
      }
    }
    const available = model ? await this.listModels(baseUrl, apiKey).catch(() => []) : listed;
    // needs_model stays the answer (docs/product.md#errors); `reason` says, once, why when every
    // model failed the same way (AI_MODEL_UNKNOWN: none of them is known to the provider).
    const reasons = new Set(triedModels.map((t) => t.code));
    const [reason] = reasons.size === 1 ? [...reasons] : [];
    throw new AiError(AiErrorCode.NEEDS_MODEL, {
      details: {
        triedModels,
        suggestions: available.length ? available.slice(0, 10) : COMMON_MODELS,
        ...(reason ? { reason } : {}),
      },
    });
  }
}
