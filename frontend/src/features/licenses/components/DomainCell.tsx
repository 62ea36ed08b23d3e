import { Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planBind } from '../../../components/bind-plan';
import { InlineUrlEditor } from '../../../components/InlineUrlEditor';
import { notifyError } from '../../../lib/notify';
import { useBindLicense } from '../api/bind-license';
import type { License } from '../api/get-licenses';
import { canRebind, rebindNotice } from '../seat-rules';

/** docs/product.md#constants: how long the rebinding confirmation stays up. */
export const REBIND_CONFIRM_MS = 10_000;

/** The shape of a website URL, shown in the empty input (the same in every language). */
const URL_EXAMPLE = 'https://example.com';

let confirmSequence = 0;

/**
 * The seat table's domain cell (docs/product.md#screens block 2, §5 Bind (client)): a click opens an inline URL input
 * with save and cancel (Enter saves, Escape cancels). The URL is checked and normalised here; moving a
 * bound seat to another site asks for confirmation in a 10-second toast first.
 */
export function DomainCell({ license }: { license: License }) {
  const { t } = useTranslation('console');
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const bind = useBindLicense();
  const confirmId = useRef<string | null>(null);
  const seat = license.seatIndex;
  const expired = license.status === 'expired';

  const hideConfirm = () => {
    if (confirmId.current) notifications.hide(confirmId.current);
    confirmId.current = null;
  };
  useEffect(() => hideConfirm, []);

  const close = () => {
    hideConfirm();
    setEditing(false);
  };

  const open = () => {
    if (!canRebind(license)) {
      notifyError(t('bind.noChangesLeft'));
      return;
    }
    setValue(license.websiteUrl ?? '');
    setEditing(true);
  };

  const send = (websiteUrl: string) => {
    hideConfirm();
    bind.mutate({ licenseId: license.id, websiteUrl }, { onSuccess: () => setEditing(false) });
  };

  const askToConfirm = (websiteUrl: string) => {
    hideConfirm();
    const id = `rebind-confirm-${license.id}-${++confirmSequence}`;
    confirmId.current = id;
    const left = license.bindingChangesLeft;
    notifications.show({
      id,
      color: 'orange',
      withBorder: true,
      autoClose: REBIND_CONFIRM_MS,
      title: t('bind.confirmTitle'),
      message: (
        <Stack gap={6}>
          <Text size="sm">
            {t(left === 1 ? 'bind.confirmLast' : 'bind.confirmMany', {
              seat,
              from: license.websiteUrl,
              to: websiteUrl,
              count: left,
            })}
          </Text>
          <Group gap="xs">
            <Button size="xs" color="orange" onClick={() => send(websiteUrl)}>
              {t('bind.confirmButton')}
            </Button>
          </Group>
        </Stack>
      ),
    });
  };

  const save = () => {
    // docs/product.md#validation: an empty input just cancels; a move to another site spends a change, so it is confirmed.
    const plan = planBind(license.websiteUrl, value, { changesLeft: license.bindingChangesLeft });
    switch (plan.kind) {
      case 'unchanged':
      case 'unbind':
        close();
        return;
      case 'invalid':
        notifyError(plan.message);
        return;
      case 'no-changes-left':
        notifyError(t('bind.noChangesLeft'));
        return;
      case 'confirm':
        askToConfirm(plan.websiteUrl);
        return;
      case 'set':
        send(plan.websiteUrl);
    }
  };

  if (!editing) {
    const bound = Boolean(license.websiteUrl);
    return (
      <UnstyledButton
        onClick={open}
        disabled={expired}
        aria-label={
          bound
            ? t('bind.rebindLabel', { seat, url: license.websiteUrl })
            : t('bind.bindLabel', { seat })
        }
        title={expired ? t('seats.licenceExpired') : undefined}
        style={{ cursor: expired ? 'not-allowed' : 'pointer' }}
      >
        {bound ? (
          <Text size="sm" fw={500} c="blue.8" style={{ wordBreak: 'break-all' }}>
            {license.websiteUrl}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" td="underline">
            {t('bind.bindDomain')}
          </Text>
        )}
      </UnstyledButton>
    );
  }

  const notice = rebindNotice(license);
  return (
    <InlineUrlEditor
      label={t('bind.inputLabel', { seat })}
      placeholder={URL_EXAMPLE}
      value={value}
      onChange={setValue}
      onSave={save}
      onCancel={close}
      pending={bind.isPending}
      note={notice && { text: notice.text, color: `${notice.tone}.9` }}
      minWidth={260}
    />
  );
}
