import {
  Alert,
  Button,
  Code,
  Group,
  Loader,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n';
import { DEFAULT_AI_API_URL, isHttpUrl } from '../../../lib/ai-provider';
import { useGeneration, type GenerationState } from '../use-generation';

/** The prompt the form starts with: ai:generate.defaultPrompt in the active language. */
export const DEFAULT_CODE = `<section class="hero">
  <h1>Welcome</h1>
  <p>Build your site faster.</p>
</section>`;
export const DEFAULT_MODEL = 'gpt-4o-mini';

export interface GenerationFormValues {
  userPrompt: string;
  selectedCode: string;
  baseUrl: string;
  apiKey: string;
  model: string;
}

/** A required field's rule; its text is read in the active language when the form is checked. */
const required = (message: () => string) => (value: string) => (value.trim() ? null : message());

/** The same texts as the AI config modal for the API Key and URL (ai:config.*). */
const rules = {
  userPrompt: required(() => i18n.t('ai:generate.promptRequired')),
  apiKey: required(() => i18n.t('ai:config.apiKeyRequired')),
  model: required(() => i18n.t('ai:generate.modelRequired')),
  baseUrl: (value: string) => {
    if (!value.trim()) return i18n.t('ai:config.apiUrlRequired');
    return isHttpUrl(value) ? null : i18n.t('ai:config.apiUrlScheme');
  },
};

/** The shape of a key, shown in the empty field (not a text to translate). */
const KEY_PLACEHOLDER = 'sk-...';

function Outcome({ state, onStop }: { state: GenerationState; onStop: () => void }) {
  const { t } = useTranslation('ai');
  switch (state.phase) {
    case 'idle':
      return null;
    case 'running':
      return (
        <Group gap="sm" role="status" aria-label={t('generate.generating')}>
          <Loader size="sm" />
          <Text size="sm">
            {state.workflowId ? (
              <Trans
                t={t}
                i18nKey="generate.generatingWorkflow"
                values={{ workflowId: state.workflowId }}
                components={{ code: <Code /> }}
              />
            ) : (
              t('generate.sending')
            )}
          </Text>
          {state.workflowId && (
            <Button size="compact-xs" variant="subtle" color="gray" onClick={onStop}>
              {t('generate.stopWaiting')}
            </Button>
          )}
        </Group>
      );
    case 'completed':
      return (
        <Stack gap="xs">
          <Title order={2} fz="md">
            {t('generate.result')}
          </Title>
          <Code
            block
            aria-label={t('generate.content')}
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          >
            {state.content}
          </Code>
        </Stack>
      );
    case 'failed':
      return (
        <Alert
          color="red"
          variant="light"
          title={state.error}
          aria-label={t('generate.errorLabel')}
        >
          {state.detail && <Text size="sm">{state.detail}</Text>}
        </Alert>
      );
    case 'timedOut':
      return (
        <Alert color="orange" variant="light" aria-label={t('generate.timedOutLabel')}>
          {t('generate.timedOut')}
        </Alert>
      );
  }
}

/**
 * The /test page's tester (docs/product.md#screens, #states AI generation, §7, §8): a prompt and a code snippet sent with
 * the provider settings; the workflow is followed until it completes, fails or times out.
 */
export function GenerationTester() {
  const { t } = useTranslation('ai');
  const { state, send, reset } = useGeneration();
  const form = useForm<GenerationFormValues>({
    mode: 'controlled',
    initialValues: {
      userPrompt: t('generate.defaultPrompt'),
      selectedCode: DEFAULT_CODE,
      baseUrl: DEFAULT_AI_API_URL,
      apiKey: '',
      model: DEFAULT_MODEL,
    },
    validate: rules,
  });
  const running = state.phase === 'running';

  const submit = form.onSubmit((values) => {
    if (running) return;
    send({
      config: {
        api_key: values.apiKey.trim(),
        base_url: values.baseUrl.trim(),
        model: values.model.trim(),
      },
      request: {
        user_prompt: values.userPrompt,
        selected_code: values.selectedCode,
        stream: false,
      },
    });
  });

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Textarea
              label={t('generate.userPrompt')}
              withAsterisk
              rows={3}
              resize="vertical"
              {...form.getInputProps('userPrompt')}
            />
            <Textarea
              label={t('generate.codeSnippet')}
              rows={6}
              resize="vertical"
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              {...form.getInputProps('selectedCode')}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label={t('generate.apiUrl')}
                withAsterisk
                type="url"
                inputMode="url"
                autoComplete="off"
                {...form.getInputProps('baseUrl')}
              />
              <PasswordInput
                label={t('generate.apiKey')}
                withAsterisk
                autoComplete="off"
                // Mantine's default name for the eye button is English only.
                visibilityToggleButtonProps={{ 'aria-label': t('generate.toggleApiKey') }}
                placeholder={KEY_PLACEHOLDER}
                {...form.getInputProps('apiKey')}
              />
              <TextInput
                label={t('generate.model')}
                withAsterisk
                autoComplete="off"
                {...form.getInputProps('model')}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={running}>
                {t('generate.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <div aria-live="polite">
        <Outcome state={state} onStop={reset} />
      </div>
    </Stack>
  );
}
