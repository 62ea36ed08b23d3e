import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, maskToken } from '../../../lib/format';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { LoadError } from '../../../components/LoadError';
import { useToken } from '../api/get-token';
import { useRegenerateToken } from '../api/regenerate-token';

/** docs/product.md#constants: the regenerate confirmation window. */
export const REGENERATE_WINDOW_MS = 3000;

/**
 * Dashboard block 1 (docs/product.md#screens): the activation code, masked as first 4 + '...' + last 4, with show or
 * hide, copy, and regenerate (a second click within 3 seconds), and the last-used date when present.
 */
export function ActivationCodeBlock() {
  const { t } = useTranslation('console');
  const token = useToken();
  const regenerate = useRegenerateToken();
  const [revealed, setRevealed] = useState(false);

  const code = token.data?.plainToken ?? '';

  const copy = async () => {
    if (!code) {
      notifyError(t('token.missing'));
      return;
    }
    try {
      await navigator.clipboard.writeText(code);
      notifySuccess(t('token.copied'));
    } catch (error) {
      notifyError(error, t('token.copyFailed'));
    }
  };

  let body;
  if (token.isError && !token.data) {
    body = <LoadError error={token.error} text={t('token.fetchFailed')} />;
  } else if (!code) {
    body = (
      <Text c="dimmed" role="status">
        {t('token.loading')}
      </Text>
    );
  } else {
    const lastUsed = token.data?.userToken?.lastUsedAt;
    body = (
      <Stack gap="sm">
        <Code
          block
          fz="md"
          aria-label={t('token.codeLabel')}
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
        >
          {revealed ? code : maskToken(code)}
        </Code>
        <Group gap="xs">
          <Button variant="default" aria-pressed={revealed} onClick={() => setRevealed((v) => !v)}>
            {revealed ? t('token.hide') : t('token.show')}
          </Button>
          <Button variant="default" onClick={() => void copy()}>
            {t('token.copy')}
          </Button>
          <ConfirmButton
            label={t('token.regenerate')}
            confirmLabel={t('token.confirmRegenerateButton')}
            onConfirm={() => regenerate.mutateAsync()}
            step={{
              armed: {
                windowMs: REGENERATE_WINDOW_MS,
                onArm: () => notifyInfo(t('token.confirmRegenerate'), REGENERATE_WINDOW_MS),
              },
            }}
          />
        </Group>
        {lastUsed && (
          <Text size="sm" c="dimmed">
            {t('token.lastUsed', { date: formatDate(lastUsed) })}
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
          {t('token.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('token.intro')}
        </Text>
        {body}
      </Stack>
    </Paper>
  );
}
