import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/errors';

/** What a confirmation asks: its texts, and the plans to choose from for a grant. */
export interface ReasonModalProps {
  title: string;
  text: string;
  confirmLabel: string;
  color?: string;
  /** A grant: the plan to give, chosen among these (value, label). */
  tiers?: { value: string; label: string }[];
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onConfirm: (input: { reason: string; tier: string }) => void;
}

/**
 * One confirmation of a support action (docs/rules.md, "Customer support"): what it does, a required
 * reason (the confirm button waits for one), and the server's refusal shown in place.
 */
export function ReasonModal({
  title,
  text,
  confirmLabel,
  color = 'blue',
  tiers,
  pending,
  error,
  onClose,
  onConfirm,
}: ReasonModalProps) {
  const { t } = useTranslation('adminCustomer');
  const [reason, setReason] = useState('');
  const [tier, setTier] = useState(tiers?.[0]?.value ?? '');
  const ready = reason.trim() !== '' && (!tiers || tier !== '');
  return (
    <Modal opened onClose={onClose} title={title} centered closeOnClickOutside={!pending}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !pending) onConfirm({ reason: reason.trim(), tier });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{text}</Text>
          {tiers && (
            <NativeSelect
              label={t('actions.tier')}
              value={tier}
              onChange={(event) => setTier(event.currentTarget.value)}
              data={tiers}
            />
          )}
          <Textarea
            label={t('actions.reason')}
            description={t('actions.reasonHint')}
            required
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
          {Boolean(error) && (
            <Alert color="red" role="alert" title={t('actions.refused')}>
              {describeError(error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" color={color} loading={pending} disabled={!ready}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
