// A dialog of the profile page, in its own chunk (Mantine's Modal; see components/ConfirmDialog.tsx).
import '../../../styles/full';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/errors';
import { deleteAccount } from '../../../lib/session';

const typed = (value: string, email: string) =>
  value.trim().toLowerCase() === email.trim().toLowerCase();

/**
 * Deleting one's account (docs/rules.md, "The customer's account"): the e-mail typed to confirm; a refusal
 * (a refund in flight) is shown in the dialog, which stays open.
 */
export default function DeleteAccountDialog({
  opened,
  email,
  onClose,
  onDeleted,
}: {
  opened: boolean;
  email: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('profile');
  const client = useQueryClient();
  const [value, setValue] = useState('');
  const remove = useMutation({
    mutationFn: () => deleteAccount(value, client),
    onSuccess: onDeleted,
    meta: { silent: true },
  });
  const close = () => {
    if (remove.isPending) return;
    setValue('');
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('delete.dialogTitle')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (typed(value, email)) remove.mutate();
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('delete.dialogText')}</Text>
          <TextInput
            label={t('delete.confirmLabel')}
            description={t('delete.confirmHint', { email })}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
          {remove.isError && (
            <Alert color="red" role="alert">
              {describeError(remove.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="submit"
              color="red"
              loading={remove.isPending}
              disabled={!typed(value, email)}
            >
              {t('delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
