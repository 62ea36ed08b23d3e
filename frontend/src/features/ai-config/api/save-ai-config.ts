import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { describeError, errorCode } from '../../../lib/errors';
import { api } from '../../../lib/api/client';
import { i18n } from '../../../lib/i18n';
import type { SaveAiConfigBody, SavedAiConfig } from '../../../lib/api/types';
import { notifySuccess } from '../../../lib/notify';
import { LICENSES_PATH } from '../../../lib/api/licenses';
import { licensesQueryKey } from '../../../lib/api/query-keys';

export interface SaveAiConfigVariables extends SaveAiConfigBody {
  licenseId: string;
}

export interface TriedModel {
  model: string;
  /** The provider's error text for this model. */
  error: string;
  /** The server's classification of that error (e.g. AI_MODEL_UNKNOWN), when it has one. */
  code?: string;
}

/** Why no model answered, when every one failed the same way (a code of the errors catalogue). */
export interface NeedsModel {
  triedModels: TriedModel[];
  suggestions: string[];
  reason?: string;
}

/**
 * The spec's texts (docs/product.md#errors) in the active language, from the ai catalogue: 'verified,
 * configuration saved', 'please provide an available model ID and retry', 'Failed to update AI
 * config', 'save failed'.
 */
export const aiConfigText = {
  saved: () => i18n.t('ai:config.saved'),
  needsModel: () => i18n.t('ai:config.needsModel'),
  updateFailed: () => i18n.t('ai:config.updateFailed'),
  saveFailed: () => i18n.t('ai:config.saveFailed'),
};

/**
 * A failed save. `needsModel` is set when no model answered (server code needs_model): the models
 * tried with the provider's errors, and the models worth trying instead.
 */
export class AiConfigSaveError extends Error {
  override readonly name = 'AiConfigSaveError';
  constructor(
    message: string,
    readonly status: number,
    readonly needsModel: NeedsModel | null = null,
  ) {
    super(message);
  }
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && !!value.trim();

/** The server's code when no model answered (with triedModels and suggestions). */
const NEEDS_MODEL = 'needs_model';

/**
 * A provider's error text, with the message pulled out of an OpenAI-style JSON error body when the
 * text is one (`{"error":{"message":"..."}}`, `{"error":"..."}` or `{"message":"..."}`).
 */
export function providerErrorText(raw: unknown): string {
  if (!nonEmpty(raw)) return '';
  const text = raw.trim();
  // The server may prefix the body with the status ('HTTP 404: {...}').
  const start = text.indexOf('{');
  if (start >= 0) {
    try {
      const json = JSON.parse(text.slice(start)) as { error?: unknown; message?: unknown };
      const nested =
        json.error && typeof json.error === 'object'
          ? (json.error as { message?: unknown }).message
          : undefined;
      const message = [nested, json.error, json.message].find(nonEmpty);
      if (message) return message;
    } catch {
      /* not JSON: the text as it is */
    }
  }
  return text;
}

function triedModelsOf(value: unknown): TriedModel[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (item): item is { model?: unknown; error?: unknown } => !!item && typeof item === 'object',
    )
    .map((item: { model?: unknown; error?: unknown; code?: unknown }) => ({
      model: String(item.model ?? ''),
      error: providerErrorText(item.error),
      ...(nonEmpty(item.code) ? { code: item.code } : {}),
    }))
    .filter((item) => item.model);
}

/**
 * The tried models grouped by their error, so one failure shared by several models is said once
 * ('gpt-4o, gpt-4o-mini: Cannot POST /v1/chat/completions'), in the order they were tried.
 */
export function groupTriedModels(tried: TriedModel[]): { models: string[]; error: string }[] {
  const groups = new Map<string, string[]>();
  for (const { model, error } of tried) {
    const models = groups.get(error) ?? [];
    if (!models.includes(model)) models.push(model);
    groups.set(error, models);
  }
  return [...groups].map(([error, models]) => ({ models, error }));
}

const suggestionsOf = (value: unknown): string[] =>
  Array.isArray(value) ? [...new Set(value.filter(nonEmpty).map((s) => s.trim()))] : [];

/**
 * Turns any failure into the text to show (docs/product.md#errors): needs_model with its details and the default
 * 'please provide an available model ID and retry'; else the server's message, 'Failed to update AI
 * config' when the server said nothing readable, and 'save failed' for anything else.
 */
export function toAiConfigSaveError(error: unknown): AiConfigSaveError {
  if (error instanceof AiConfigSaveError) return error;
  if (isApiError(error)) {
    if (errorCode(error) === NEEDS_MODEL) {
      const body = error.body as { triedModels?: unknown; suggestions?: unknown; reason?: unknown };
      return new AiConfigSaveError(describeError(error, aiConfigText.needsModel()), error.status, {
        triedModels: triedModelsOf(body.triedModels),
        suggestions: suggestionsOf(body.suggestions),
        ...(nonEmpty(body.reason) ? { reason: body.reason } : {}),
      });
    }
    return new AiConfigSaveError(describeError(error, aiConfigText.updateFailed()), error.status);
  }
  if (error instanceof Error && error.message.trim())
    return new AiConfigSaveError(error.message, 0);
  return new AiConfigSaveError(aiConfigText.saveFailed(), 0);
}

/**
 * 'Test and save' (docs/product.md#calls PUT ai-config): the server tests the provider first and saves only when a
 * model answers, which can take ~20 s. Failures throw an AiConfigSaveError.
 */
export async function saveAiConfig({
  licenseId,
  apiKey,
  baseUrl,
  model,
}: SaveAiConfigVariables): Promise<SavedAiConfig> {
  const body: SaveAiConfigBody = { apiKey: apiKey.trim(), baseUrl: baseUrl.trim() };
  if (model?.trim()) body.model = model.trim();
  try {
    return await api.PUT(`${LICENSES_PATH}/{id}/ai-config`, {
      params: { path: { id: licenseId } },
      body,
    });
  } catch (error) {
    throw toAiConfigSaveError(error);
  }
}

/**
 * Saves, toasts 'verified, configuration saved' and refreshes everything under ['licenses'] (the
 * seat table's API URL, API Key and update date, and this seat's saved configuration). Failures are
 * shown by the modal (silent here).
 */
export function useSaveAiConfig() {
  const client = useQueryClient();
  return useMutation<SavedAiConfig, AiConfigSaveError, SaveAiConfigVariables>({
    mutationFn: saveAiConfig,
    meta: { silent: true },
    onSuccess: () => {
      notifySuccess(aiConfigText.saved());
      return client.invalidateQueries({ queryKey: licensesQueryKey });
    },
  });
}
