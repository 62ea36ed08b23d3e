import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, maskToken } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { lazyOnIntent } from '../../../lib/preload';
import { LoadError } from '../../../components/LoadError';
import { heldSeats } from '../../../lib/seat-rules';
import { useLicenses } from '../../../lib/api/licenses';
import { useToken } from '../api/get-token';
import { useRegenerateToken } from '../api/regenerate-token';
import { copyCode } from '../copy-code';
import { sitesUsingCode } from '../token-rules';

/** The confirmation (its Modal, focus trap and Mantine's whole sheet) comes in its own chunk, on intent or first use. */
const { Component: RegenerateDialog, intent } = lazyOnIntent(() =>
  import('./RegenerateDialog').then((m) => m.default),
);

/**
 * Dashboard block 1 (docs/product.md#screens): the activation code, masked as first 4 + '...' + last 4, with show or
 * hide, copy, and regenerate, and the last-used date when present. Regenerate opens a dialog that names the
 * bound sites the new code must be pasted into, confirms with a second click within 3 seconds and then
 * shows the new code (RegenerateDialog); closing it gives focus back to the regenerate button.
 */
export function ActivationCodeBlock() {
  const { t } = useTranslation('console');
  const token = useToken();
  const regenerate = useRegenerateToken();
  const licenses = useLicenses();
  const [revealed, setRevealed] = useState(false);
  // The dialog is mounted on the first click and kept, so it can animate out.
  const [dialog, setDialog] = useState<'closed' | 'open'>('closed');
  const [started, setStarted] = useState(false);
  const [newCode, setNewCode] = useState<string | null>(null);
  const regenerateButton = useRef<HTMLButtonElement>(null);
  const sites = sitesUsingCode(heldSeats(licenses.data?.licenses ?? []));

  const openDialog = () => {
    setNewCode(null);
    setStarted(true);
    setDialog('open');
  };
  // The dialog is first mounted already open, so it cannot note where focus was: give it back here.
  const closeDialog = () => {
    setDialog('closed');
    regenerateButton.current?.focus();
  };
  const runRegenerate = async () => {
    const answer = await regenerate.mutateAsync();
    setNewCode(answer.plainToken);
  };

  const code = token.data?.plainToken ?? '';

  const copy = async () => {
    if (!code) {
      notifyError(t('token.missing'));
      return;
    }
    await copyCode(code);
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
          <Button ref={regenerateButton} variant="light" {...intent} onClick={openDialog}>
            {t('token.regenerate')}
          </Button>
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
      {started && (
        <Suspense fallback={null}>
          <RegenerateDialog
            opened={dialog === 'open'}
            sites={sites}
            newCode={newCode}
            onRegenerate={runRegenerate}
            onClose={closeDialog}
          />
        </Suspense>
      )}
    </Paper>
  );
}
