// A dialog of the console, whose first screen loads only part of Mantine's sheet (styles/shell.ts).
import '../../../styles/full';
import { Alert, Button, Code, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { copyCode } from '../copy-code';
import { notifyInfo } from '../../../lib/notify';

/** docs/product.md#constants: the regenerate confirmation window. */
export const REGENERATE_WINDOW_MS = 3000;

export interface RegenerateDialogProps {
  opened: boolean;
  /** The sites bound to active seats: they use the code now (token-rules.ts sitesUsingCode). */
  sites: readonly string[];
  /** The new code once it is made; null while the customer is still deciding. */
  newCode: string | null;
  onRegenerate: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * The regenerate confirmation (docs/product.md#states, Activation code): it names the bound sites that stop
 * working until the new code is pasted into them, and confirms with the same button clicked again within
 * 3 seconds. After success it shows the new code with a copy button and what to do next. In its own
 * chunk with Mantine's whole sheet, loaded on intent or first use.
 */
export default function RegenerateDialog({
  opened,
  sites,
  newCode,
  onRegenerate,
  onClose,
}: RegenerateDialogProps) {
  const { t } = useTranslation('console');
  const copyButton = useRef<HTMLButtonElement>(null);
  // The confirming button goes away with the new code: focus moves to its copy button.
  useEffect(() => {
    if (newCode) copyButton.current?.focus();
  }, [newCode]);

  const copy = async () => {
    if (newCode) await copyCode(newCode);
  };

  const siteList = sites.length > 0 && (
    <List size="sm" spacing={2} aria-label={t('token.dialog.sitesLabel')}>
      {sites.map((site) => (
        <List.Item key={site} style={{ wordBreak: 'break-all' }}>
          {site}
        </List.Item>
      ))}
    </List>
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={newCode ? t('token.dialog.doneTitle') : t('token.dialog.title')}
      centered
    >
      {newCode ? (
        <Stack gap="sm">
          <Text size="sm" role="status">
            {t('token.dialog.done')}
          </Text>
          <Code
            block
            fz="sm"
            aria-label={t('token.dialog.newCodeLabel')}
            style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
          >
            {newCode}
          </Code>
          <Text size="sm" fw={500}>
            {sites.length > 0
              ? t('token.dialog.nextSites', { count: sites.length })
              : t('token.dialog.nextNoSites')}
          </Text>
          {siteList}
          <Group justify="flex-end" gap="xs">
            <Button ref={copyButton} variant="default" onClick={() => void copy()}>
              {t('token.dialog.copyNew')}
            </Button>
            <Button onClick={onClose}>{t('token.dialog.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          {sites.length > 0 ? (
            <Alert color="orange" variant="light" p="sm">
              <Stack gap="xs">
                <Text size="sm">{t('token.dialog.warning', { count: sites.length })}</Text>
                {siteList}
              </Stack>
            </Alert>
          ) : (
            <Text size="sm">{t('token.dialog.noSites')}</Text>
          )}
          <Text size="sm" c="dimmed">
            {t('token.dialog.howToConfirm')}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('token.dialog.cancel')}
            </Button>
            <ConfirmButton
              label={t('token.regenerate')}
              confirmLabel={t('token.confirmRegenerateButton')}
              onConfirm={onRegenerate}
              step={{
                armed: {
                  windowMs: REGENERATE_WINDOW_MS,
                  onArm: () => notifyInfo(t('token.confirmRegenerate'), REGENERATE_WINDOW_MS),
                },
              }}
            />
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
