import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDate, maskToken } from '../../../lib/format';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { LoadError } from '../../../components/LoadError';
import { FETCH_TOKEN_FAILED, useToken } from '../api/get-token';
import { useRegenerateToken } from '../api/regenerate-token';

export const TOKEN_TEXTS = {
  loading: 'loading activation code...',
  copied: 'activation code copied',
  missing: 'activation code does not exist',
  confirmRegenerate: 'click again to confirm regenerating the activation code',
} as const;

/** docs/product.md#constants: the regenerate confirmation window. */
export const REGENERATE_WINDOW_MS = 3000;

/**
 * Dashboard block 1 (docs/product.md#screens): the activation code, masked as first 4 + '...' + last 4, with show or
 * hide, copy, and regenerate (a second click within 3 seconds), and the last-used date when present.
 */
export function ActivationCodeBlock() {
  const token = useToken();
  const regenerate = useRegenerateToken();
  const [revealed, setRevealed] = useState(false);

  const code = token.data?.plainToken ?? '';

  const copy = async () => {
    if (!code) {
      notifyError(TOKEN_TEXTS.missing);
      return;
    }
    try {
      await navigator.clipboard.writeText(code);
      notifySuccess(TOKEN_TEXTS.copied);
    } catch (error) {
      notifyError(error, 'copy failed');
    }
  };

  let body;
  if (token.isError && !token.data) {
    body = <LoadError error={token.error} text={FETCH_TOKEN_FAILED} />;
  } else if (!code) {
    body = (
      <Text c="dimmed" role="status">
        {TOKEN_TEXTS.loading}
      </Text>
    );
  } else {
    const lastUsed = token.data?.userToken?.lastUsedAt;
    body = (
      <Stack gap="sm">
        <Code
          block
          fz="md"
          aria-label="activation code"
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
        >
          {revealed ? code : maskToken(code)}
        </Code>
        <Group gap="xs">
          <Button variant="default" aria-pressed={revealed} onClick={() => setRevealed((v) => !v)}>
            {revealed ? 'hide' : 'show'}
          </Button>
          <Button variant="default" onClick={() => void copy()}>
            copy
          </Button>
          <ConfirmButton
            label="regenerate"
            confirmLabel="confirm regenerate"
            onConfirm={() => regenerate.mutateAsync()}
            step={{
              armed: {
                windowMs: REGENERATE_WINDOW_MS,
                onArm: () => notifyInfo(TOKEN_TEXTS.confirmRegenerate, REGENERATE_WINDOW_MS),
              },
            }}
          />
        </Group>
        {lastUsed && (
          <Text size="sm" c="dimmed">
            last used: {formatDate(lastUsed)}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="section"
      aria-labelledby="activation-code-title"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="activation-code-title">
          activation code
        </Title>
        <Text size="sm" c="dimmed">
          Enter this code in the plugin and theme settings of your site.
        </Text>
        {body}
      </Stack>
    </Paper>
  );
}
