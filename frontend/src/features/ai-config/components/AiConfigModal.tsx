import {
  Alert,
  Button,
  Center,
  Code,
  Group,
  List,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useWindowEvent } from '@mantine/hooks';
import { formatDateTime } from '../../../lib/format';
import type { License } from '../../licenses/api/get-licenses';
import {
  aiConfigFormRules,
  initialAiConfigValues,
  isSaveShortcut,
  type AiConfigFormValues,
} from '../ai-config-rules';
import { useAiConfig, type AiConfig } from '../api/get-ai-config';
import { AI_CONFIG_TEXTS, useSaveAiConfig, type AiConfigSaveError } from '../api/save-ai-config';
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
  const { triedModels, suggestions } = error.needsModel!;
  return (
    <Alert color="orange" variant="light" title={error.message} aria-label="model needed">
      <Stack gap="xs">
        {triedModels.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              tried models
            </Text>
            <List size="sm" spacing={4} aria-label="tried models">
              {triedModels.map((tried) => (
                <List.Item key={tried.model}>
                  <Code>{tried.model}</Code>: {tried.error || 'no answer'}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        {suggestions.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              suggested models (click one to use it)
            </Text>
            <Group gap={6} role="group" aria-label="suggested models">
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
          <Stack gap={2} aria-label="saved configuration" role="group">
            {maskedKey && (
              <Text size="sm">
                saved API Key:{' '}
                <Text span ff="monospace" fw={500}>
                  {maskedKey}
                </Text>
              </Text>
            )}
            {lastUpdated && (
              <Text size="sm" c="dimmed">
                last updated: {formatDateTime(lastUpdated)}
              </Text>
            )}
          </Stack>
        )}
        <TextInput
          label="API URL"
          withAsterisk
          type="url"
          inputMode="url"
          autoComplete="off"
          description="an OpenAI-compatible endpoint, ending in /v1"
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
          label="test model ID"
          autoComplete="off"
          placeholder="e.g. gpt-4o-mini"
          description="optional: without one the server tries the provider's models"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('model')}
        />
        {error?.needsModel ? (
          <NeedsModel error={error} onPick={(model) => form.setFieldValue('model', model)} />
        ) : error ? (
          <Alert color="red" variant="light" aria-label="save failed">
            {error.message || AI_CONFIG_TEXTS.saveFailed}
          </Alert>
        ) : null}
        {save.isPending && (
          <Text size="sm" c="dimmed" role="status">
            testing the connection to the provider, this can take up to 20 seconds...
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            Ctrl / ⌘ + Enter to save, Esc to close
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              test and save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** Reads the saved configuration, then shows the form (a fresh one on every opening). */
function AiConfigContent({ license, onClose }: { license: License; onClose: () => void }) {
  const config = useAiConfig(license.id);
  if (config.isPending) {
    return (
      <Center py="lg" role="status">
        <Loader size="sm" aria-label="loading the AI configuration" />
      </Center>
    );
  }
  return (
    <Stack gap="sm">
      {config.isError && (
        <Text size="sm" c="orange.9" role="note">
          the saved configuration could not be loaded; saving replaces it
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
  return (
    <Modal opened={opened} onClose={onClose} title={aiConfigTitle(license)} size="lg" centered>
      {opened && <AiConfigContent license={license} onClose={onClose} />}
    </Modal>
  );
}
