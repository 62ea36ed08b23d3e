import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify';
import { useVerifyToken, type VerifyTokenResponse } from '../api/verify-token';

/** docs/product.md#states Token verification: idle → verifying → valid or invalid (a failed call goes back to idle). */
export type VerifyState = 'idle' | 'verifying' | 'valid' | 'invalid';

function Field({
  label,
  value,
  mono = false,
}: {
  label: string;
  value: string | null;
  mono?: boolean;
}) {
  const { t } = useTranslation('verify');
  return (
    <Text size="sm">
      <Text span fw={600} size="sm">
        {t('fieldLabel', { label })}
      </Text>{' '}
      <Text span ff={mono ? 'monospace' : undefined} size="sm" style={{ wordBreak: 'break-all' }}>
        {value || '-'}
      </Text>
    </Text>
  );
}

/** The /verify form (docs/product.md#screens, #validation, #errors): a required token textarea, Verify Token, Clear and the result. */
export function TokenVerifier() {
  const { t } = useTranslation('verify');
  const [token, setToken] = useState('');
  const [result, setResult] = useState<VerifyTokenResponse | null>(null);
  const verify = useVerifyToken();

  const state: VerifyState = verify.isPending
    ? 'verifying'
    : result
      ? result.valid
        ? 'valid'
        : 'invalid'
      : 'idle';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = token.trim();
    if (!value) {
      notifyWarning(t('toast.empty'));
      return;
    }
    setResult(null);
    verify.mutate(value, {
      onSuccess: (answer) => {
        setResult(answer);
        if (answer.valid) notifySuccess(t('toast.valid'));
        else notifyError(t('toast.invalid'));
      },
      onError: () => notifyError(t('toast.failed')),
    });
  };

  const clear = () => {
    setToken('');
    setResult(null);
    verify.reset();
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={submit} noValidate data-state={state}>
        <Stack gap="md">
          <Textarea
            label={t('field.label')}
            description={t('field.description')}
            placeholder={t('field.placeholder')}
            required
            rows={3}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            spellCheck={false}
            autoComplete="off"
            value={token}
            onChange={(event) => setToken(event.currentTarget.value)}
          />
          <Group gap="xs">
            <Button type="submit" loading={state === 'verifying'}>
              {t('verify')}
            </Button>
            {result && (
              <Button variant="default" onClick={clear}>
                {t('clear')}
              </Button>
            )}
          </Group>
          {result && (
            <Alert
              color={result.valid ? 'green' : 'red'}
              variant="light"
              title={result.valid ? t('valid') : t('invalid')}
              role="status"
            >
              <Stack gap={4}>
                <Field label={t('userId')} value={result.userId} mono />
                <Field label={t('tokenId')} value={result.tokenId} mono />
                {/* The server's message (the spec's English) in the active language: it is one of two fixed texts. */}
                <Field
                  label={t('message')}
                  value={t(result.valid ? 'resultMessage.valid' : 'resultMessage.invalid')}
                />
              </Stack>
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
