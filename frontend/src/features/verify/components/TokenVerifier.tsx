import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify';
import { useVerifyToken, type VerifyTokenResponse } from '../api/verify-token';

export const VERIFY_TEXTS = {
  empty: 'Please enter a token to verify',
  invalid: 'Token is invalid or expired',
  failed: 'Failed to verify token',
  valid: 'Token is valid!',
} as const;

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
  return (
    <Text size="sm">
      <Text span fw={600} size="sm">
        {label}:
      </Text>{' '}
      <Text span ff={mono ? 'monospace' : undefined} size="sm" style={{ wordBreak: 'break-all' }}>
        {value || '-'}
      </Text>
    </Text>
  );
}

/** The /verify form (docs/product.md#screens, #validation, #errors): a required token textarea, Verify Token, Clear and the result. */
export function TokenVerifier() {
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
      notifyWarning(VERIFY_TEXTS.empty);
      return;
    }
    setResult(null);
    verify.mutate(value, {
      onSuccess: (answer) => {
        setResult(answer);
        if (answer.valid) notifySuccess(VERIFY_TEXTS.valid);
        else notifyError(VERIFY_TEXTS.invalid);
      },
      onError: () => notifyError(VERIFY_TEXTS.failed),
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
            label="API Token"
            description="Paste the activation code from your console."
            placeholder="64 hexadecimal characters"
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
              Verify Token
            </Button>
            {result && (
              <Button variant="default" onClick={clear}>
                Clear
              </Button>
            )}
          </Group>
          {result && (
            <Alert
              color={result.valid ? 'green' : 'red'}
              variant="light"
              title={result.valid ? 'Valid Token' : 'Invalid Token'}
              role="status"
            >
              <Stack gap={4}>
                <Field label="User ID" value={result.userId} mono />
                <Field label="Token ID" value={result.tokenId} mono />
                <Field label="Message" value={result.message} />
              </Stack>
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
