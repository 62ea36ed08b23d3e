import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Code,
  Group,
  Loader,
  NativeSelect,
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
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { hostOf } from '@seatkeeper/domain';
import { i18n } from '../../../lib/i18n';
import { API_URL_EXAMPLE, isHttpUrl } from '../../../lib/ai-provider';
import { useSession } from '../../../lib/session';
import { menuLicensesQueryOptions, type License } from '../../../lib/api/licenses';
import { useGeneration, type GenerationState } from '../use-generation';

/** The code snippet the form starts with (the prompt is ai:generate.defaultPrompt in the active language). */
export const DEFAULT_CODE = `<section class="hero">
  <h1>Welcome</h1>
  <p>Build your site faster.</p>
</section>`;
/** The model shown as an example in the other settings' empty model field. */
export const MODEL_EXAMPLE = 'gpt-4o-mini';

export interface GenerationFormValues {
  userPrompt: string;
  selectedCode: string;
  /** The seat whose saved AI settings the server uses (the default way). */
  licenseId: string;
  /** 'use other settings': the three fields below instead of a seat's saved ones. */
  useOther: boolean;
  baseUrl: string;
  apiKey: string;
  model: string;
}

/** A required field's rule; its text is read in the active language when the form is checked. */
const required = (message: () => string) => (value: string) => (value.trim() ? null : message());
/** A rule that applies only with 'use other settings'. */
const whenOther =
  (rule: (value: string) => string | null) => (value: string, values: GenerationFormValues) =>
    values.useOther ? rule(value) : null;

/** The same texts as the AI config modal for the API Key and URL (ai:config.*). */
const rules = {
  userPrompt: required(() => i18n.t('ai:generate.promptRequired')),
  licenseId: (value: string, values: GenerationFormValues) =>
    values.useOther || value ? null : i18n.t('ai:generate.seatRequired'),
  apiKey: whenOther(required(() => i18n.t('ai:config.apiKeyRequired'))),
  model: whenOther(required(() => i18n.t('ai:generate.modelRequired'))),
  baseUrl: whenOther((value: string) => {
    if (!value.trim()) return i18n.t('ai:config.apiUrlRequired');
    return isHttpUrl(value) ? null : i18n.t('ai:config.apiUrlScheme');
  }),
};

/** The shape of a key, shown in the empty field (not a text to translate). */
const KEY_PLACEHOLDER = 'sk-...';

/** The seats whose saved AI settings a generation can use: active, with settings saved. */
export const seatsWithAiSettings = (licenses: License[]) =>
  licenses
    .filter((l) => l.status === 'active' && l.aiConfigStatus.configured)
    .sort((a, b) => a.seatIndex - b.seatIndex);

/** 'seat #2 · shop.example.com' (its site when it is bound). */
function seatLabel(license: License) {
  const site = license.websiteUrl ? hostOf(license.websiteUrl) : null;
  return site
    ? i18n.t('ai:generate.seatWithSite', { seat: license.seatIndex, site })
    : i18n.t('ai:generate.seat', { seat: license.seatIndex });
}

/** A link inside a sentence of the catalogue (Trans gives it its words as children). */
function InlineLink({ to, children }: { to: string; children?: ReactNode }) {
  return (
    <Anchor component={Link} to={to}>
      {children}
    </Anchor>
  );
}

/**
 * Where the generation's settings come from: the signed-in customer's seats with saved AI settings (a
 * picker when there are several), or a note saying there are none (or that signing in brings them).
 */
function SavedSettings({
  seats,
  signedIn,
  loading,
  inputProps,
}: {
  seats: License[];
  signedIn: boolean;
  loading: boolean;
  inputProps: ReturnType<ReturnType<typeof useForm<GenerationFormValues>>['getInputProps']>;
}) {
  const { t } = useTranslation('ai');
  if (loading)
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">{t('generate.seatsLoading')}</Text>
      </Group>
    );
  if (seats.length > 1)
    return (
      <NativeSelect
        label={t('generate.seatPicker')}
        description={t('generate.seatPickerHint')}
        data={seats.map((seat) => ({ value: seat.id, label: seatLabel(seat) }))}
        {...inputProps}
      />
    );
  if (seats.length === 1)
    return (
      <Text size="sm" role="note">
        {t('generate.usingSeat', { seat: seatLabel(seats[0]!) })}
      </Text>
    );
  return (
    <Stack gap={4}>
      <Text size="sm" role="note">
        {signedIn ? (
          <Trans
            t={t}
            i18nKey="generate.noSavedSettings"
            components={{ anchor: <InlineLink to="/dashboard" /> }}
          />
        ) : (
          <Trans
            t={t}
            i18nKey="generate.signInForSettings"
            components={{ anchor: <InlineLink to="/login?redirect=%2Ftest" /> }}
          />
        )}
      </Text>
      {inputProps.error && (
        <Text size="sm" c="red.8" role="alert">
          {inputProps.error}
        </Text>
      )}
    </Stack>
  );
}

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
 * The /test page's tester (docs/product.md#screens, #states AI generation, §7, §8): a prompt and a code
 * snippet, sent with the saved AI settings of one of the customer's seats (the server reads them, the
 * key never reaches the browser), or with other settings typed in; the workflow is followed until it
 * completes, fails or times out.
 */
export function GenerationTester() {
  const { t } = useTranslation('ai');
  const { state, send, reset } = useGeneration();
  const session = useSession();
  const signedIn = Boolean(session.data);
  const licenses = useQuery(menuLicensesQueryOptions(signedIn));
  const seats = seatsWithAiSettings(licenses.data ?? []);
  const form = useForm<GenerationFormValues>({
    mode: 'controlled',
    initialValues: {
      userPrompt: t('generate.defaultPrompt'),
      selectedCode: DEFAULT_CODE,
      licenseId: '',
      useOther: false,
      baseUrl: '',
      apiKey: '',
      model: '',
    },
    validate: rules,
  });
  const running = state.phase === 'running';

  // The first seat with saved settings, once they are known (and again if the chosen one goes away).
  const firstSeat = seats[0]?.id ?? '';
  const { licenseId } = form.values;
  const known = seats.some((seat) => seat.id === licenseId);
  const { setFieldValue } = form;
  useEffect(() => {
    if (!known && licenseId !== firstSeat) setFieldValue('licenseId', firstSeat);
  }, [known, licenseId, firstSeat, setFieldValue]);

  const submit = form.onSubmit((values) => {
    if (running) return;
    const request = {
      user_prompt: values.userPrompt,
      selected_code: values.selectedCode,
      stream: false,
    };
    if (values.useOther)
      send({
        config: {
          api_key: values.apiKey.trim(),
          base_url: values.baseUrl.trim(),
          model: values.model.trim(),
        },
        request,
      });
    else send({ licenseId: values.licenseId, request });
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
            {!form.values.useOther && (
              <SavedSettings
                seats={seats}
                signedIn={signedIn}
                loading={signedIn && licenses.isPending}
                inputProps={form.getInputProps('licenseId')}
              />
            )}
            <Checkbox
              label={t('generate.useOther')}
              {...form.getInputProps('useOther', { type: 'checkbox' })}
            />
            {form.values.useOther && (
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <TextInput
                  label={t('generate.apiUrl')}
                  withAsterisk
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  placeholder={t('config.apiUrlPlaceholder', { example: API_URL_EXAMPLE })}
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
                  placeholder={t('config.modelPlaceholder', { example: MODEL_EXAMPLE })}
                  {...form.getInputProps('model')}
                />
              </SimpleGrid>
            )}
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
