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
import { DEFAULT_AI_API_URL, isHttpUrl } from '../../../lib/ai-provider';
import { GENERATION_TEXTS, useGeneration, type GenerationState } from '../use-generation';

export const DEFAULT_PROMPT =
  'Turn this into a responsive hero section with a headline, a short description and a call-to-action button.';
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

export const GENERATION_VALIDATION = {
  userPrompt: 'please enter a prompt',
  apiKey: 'please enter API Key',
  baseUrl: 'please enter API URL',
  baseUrlScheme: 'API URL must start with http:// or https://',
  model: 'please enter a model ID',
} as const;

const required = (message: string) => (value: string) => (value.trim() ? null : message);

const rules = {
  userPrompt: required(GENERATION_VALIDATION.userPrompt),
  apiKey: required(GENERATION_VALIDATION.apiKey),
  model: required(GENERATION_VALIDATION.model),
  baseUrl: (value: string) => {
    if (!value.trim()) return GENERATION_VALIDATION.baseUrl;
    return isHttpUrl(value) ? null : GENERATION_VALIDATION.baseUrlScheme;
  },
};

function Outcome({ state, onStop }: { state: GenerationState; onStop: () => void }) {
  switch (state.phase) {
    case 'idle':
      return null;
    case 'running':
      return (
        <Group gap="sm" role="status" aria-label="generating">
          <Loader size="sm" />
          <Text size="sm">
            {state.workflowId ? (
              <>
                generating... workflow <Code>{state.workflowId}</Code>
              </>
            ) : (
              'sending the request...'
            )}
          </Text>
          {state.workflowId && (
            <Button size="compact-xs" variant="subtle" color="gray" onClick={onStop}>
              stop waiting
            </Button>
          )}
        </Group>
      );
    case 'completed':
      return (
        <Stack gap="xs">
          <Title order={2} fz="md">
            result
          </Title>
          <Code
            block
            aria-label="generated content"
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          >
            {state.content}
          </Code>
        </Stack>
      );
    case 'failed':
      return (
        <Alert color="red" variant="light" title={state.error} aria-label="generation error">
          {state.detail && <Text size="sm">{state.detail}</Text>}
        </Alert>
      );
    case 'timedOut':
      return (
        <Alert color="orange" variant="light" aria-label="generation timed out">
          {GENERATION_TEXTS.timedOut}
        </Alert>
      );
  }
}

/**
 * The /test page's tester (docs/product.md#screens, #states AI generation, §7, §8): a prompt and a code snippet sent with
 * the provider settings; the workflow is followed until it completes, fails or times out.
 */
export function GenerationTester() {
  const { state, send, reset } = useGeneration();
  const form = useForm<GenerationFormValues>({
    mode: 'controlled',
    initialValues: {
      userPrompt: DEFAULT_PROMPT,
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
              label="user prompt"
              withAsterisk
              rows={3}
              resize="vertical"
              {...form.getInputProps('userPrompt')}
            />
            <Textarea
              label="code snippet"
              rows={6}
              resize="vertical"
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              {...form.getInputProps('selectedCode')}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label="API URL"
                withAsterisk
                type="url"
                inputMode="url"
                autoComplete="off"
                {...form.getInputProps('baseUrl')}
              />
              <PasswordInput
                label="API Key"
                withAsterisk
                autoComplete="off"
                placeholder="sk-..."
                {...form.getInputProps('apiKey')}
              />
              <TextInput
                label="model"
                withAsterisk
                autoComplete="off"
                {...form.getInputProps('model')}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={running}>
                send
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
