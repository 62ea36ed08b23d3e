// A dialog of the console, whose first screen loads only part of Mantine's sheet (styles/shell.ts).
import '../styles/full';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * ConfirmButton's dialog step (a title, a text, 'cancel' and 'confirm'). In its own chunk, loaded on
 * intent or first use: Mantine's Modal brings focus trapping, scroll locking, portals and floating-ui,
 * which the pages that only confirm inline (the console's first screen) need not download.
 */
export default function ConfirmDialog({
  opened,
  title,
  text,
  confirmLabel,
  running,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  running: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button color="red" loading={running} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
