// A dialog of the console, whose first screen loads only part of Mantine's sheet (styles/shell.ts).
import { Spinner } from '../../../components/Spinner';
import '../../../styles/full';
import {
  Alert,
  Button,
  Center,
  Code,
  Group,
  List,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useWindowEvent } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { textForCode } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import type { License } from '../../../lib/api/licenses';
import {
  aiConfigFormRules,
  initialAiConfigValues,
  isSaveShortcut,
  type AiConfigFormValues,
} from '../ai-config-rules';
import { useAiConfig, type AiConfig } from '../api/get-ai-config';
import {
  aiConfigText,
  groupTriedModels,
  useSaveAiConfig,
  type AiConfigSaveError,
} from '../api/save-ai-config';
import { API_URL_EXAMPLE } from '../../../lib/ai-provider';
import { ApiKeyInput } from './ApiKeyInput';
import { aiConfigTitle } from '../seat-label';

/** needs_model (docs/product.md#errors): the message, the models tried with the provider's errors, suggestions. */
function NeedsModel({
  error,
  onPick,
}: {
  error: AiConfigSaveError;
  onPick: (model: string) => void;
}) {
  const { t } = useTranslation('ai');
  const { triedModels, suggestions, reason } = error.needsModel!;
  // Why, once, in the customer's language (e.g. 'the provider does not know this model').
  const why = reason ? textForCode(reason, undefined) : undefined;
  return (
    <Alert
      color="orange"
      variant="light"
      title={error.message}
      aria-label={t('config.modelNeeded')}
    >
      <Stack gap="xs">
        {why && <Text size="sm">{why}</Text>}
        {triedModels.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('config.triedModels')}
            </Text>
            <List size="sm" spacing={4} aria-label={t('config.triedModels')}>
              {groupTriedModels(triedModels).map(({ models, error: text }) => (
                <List.Item key={models.join(' ')}>
                  {models.map((model, i) => (
                    <span key={model}>
                      {i > 0 && ', '}
                      <Code>{model}</Code>
                    </span>
                  ))}
                  : {text || t('config.noAnswer')}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        {suggestions.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('config.suggestedModels')}
            </Text>
            <Group gap={6} role="group" aria-label={t('config.suggestedModelsLabel')}>
              {suggestions.map((model) => (
                <Button
                  key={model}
                  size="compact-xs"
                  variant="light"
                  color="orange"
                  ff="monospace"
                  onClick={() => onPick(model)}
                >
                  {model}
                </Button>
              ))}
            </Group>
          </Stack>
        )}
      </Stack>
    </Alert>
  );
}

interface AiConfigFormProps {
  license: License;
  /** The saved configuration (GET ai-config), or null when it could not be read. */
  saved: AiConfig | null;
  onClose: () => void;
}

function AiConfigForm({ license, saved, onClose }: AiConfigFormProps) {
  const { t } = useTranslation('ai');
  const save = useSaveAiConfig();
  const status = license.aiConfigStatus;
  const form = useForm<AiConfigFormValues>({
    mode: 'controlled',
    initialValues: initialAiConfigValues(saved ?? status),
    validate: aiConfigFormRules,
  });
  const maskedKey = saved ? saved.maskedApiKey : (status?.maskedApiKey ?? null);
  const lastUpdated = saved ? saved.lastUpdated : (status?.lastUpdated ?? null);

  const submit = form.onSubmit((values) => {
    if (save.isPending) return;
    save.mutate({ licenseId: license.id, ...values }, { onSuccess: onClose });
  });

  // Anywhere in the open modal, whichever field or button has the focus.
  useWindowEvent('keydown', (event) => {
    if (!isSaveShortcut(event)) return;
    event.preventDefault();
    submit();
  });

  const error = save.error;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {(maskedKey || lastUpdated) && (
          <Stack gap={2} aria-label={t('config.savedGroup')} role="group">
            {maskedKey && (
              <Text size="sm">
                {t('config.savedKey')}{' '}
                <Text span ff="monospace" fw={500}>
                  {maskedKey}
                </Text>
              </Text>
            )}
            {lastUpdated && (
              <Text size="sm" c="dimmed">
                {t('config.lastUpdated', { date: formatDateTime(lastUpdated) })}
              </Text>
            )}
          </Stack>
        )}
        <TextInput
          label={t('config.apiUrl')}
          withAsterisk
          type="url"
          inputMode="url"
          autoComplete="off"
          description={t('config.apiUrlHint')}
          placeholder={t('config.apiUrlPlaceholder', { example: API_URL_EXAMPLE })}
          data-autofocus
          {...form.getInputProps('baseUrl')}
        />
        <ApiKeyInput
          licenseId={license.id}
          savedMaskedKey={maskedKey}
          value={form.values.apiKey}
          onChange={(value) => form.setFieldValue('apiKey', value)}
          error={form.errors.apiKey}
        />
        <TextInput
          label={t('config.model')}
          autoComplete="off"
          placeholder={t('config.modelPlaceholder', { example: 'gpt-4o-mini' })}
          description={t('config.modelHint')}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('model')}
        />
        {error?.needsModel ? (
          <NeedsModel error={error} onPick={(model) => form.setFieldValue('model', model)} />
        ) : error ? (
          <Alert color="red" variant="light" aria-label={t('config.saveFailed')}>
            {error.message || aiConfigText.saveFailed()}
          </Alert>
        ) : null}
        {save.isPending && (
          <Text size="sm" c="dimmed" role="status">
            {t('config.testing')}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {t('config.shortcuts')}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('config.testAndSave')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** Reads the saved configuration, then shows the form (a fresh one on every opening). */
function AiConfigContent({ license, onClose }: { license: License; onClose: () => void }) {
  const { t } = useTranslation('ai');
  const config = useAiConfig(license.id);
  if (config.isPending) {
    return (
      <Center py="lg" role="status">
        <Spinner label={t('config.loading')} inStatus />
      </Center>
    );
  }
  return (
    <Stack gap="sm">
      {config.isError && (
        <Text size="sm" c="orange.9" role="note">
          {t('config.loadFailed')}
        </Text>
      )}
      <AiConfigForm license={license} saved={config.data ?? null} onClose={onClose} />
    </Stack>
  );
}

export interface AiConfigModalProps {
  license: License;
  opened: boolean;
  onClose: () => void;
}

/**
 * The AI config modal of a seat (docs/product.md#screens block 2, §5 AI config, §8): API URL, API Key (masked, with
 * reveal), optional test model; 'cancel' and 'test and save' (Ctrl or Cmd + Enter); Escape closes.
 */
export function AiConfigModal({ license, opened, onClose }: AiConfigModalProps) {
  // The title re-words on a language switch (aiConfigTitle reads the active language).
  useTranslation('ai');
  return (
    <Modal opened={opened} onClose={onClose} title={aiConfigTitle(license)} size="lg" centered>
      {opened && <AiConfigContent license={license} onClose={onClose} />}
    </Modal>
  );
}
