import { Button, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isDifferentSite, normalizeWebsiteUrl } from '@seatkeeper/domain';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { notifyError } from '../../../lib/notify';
import { useBindLicence } from '../api/bind-licence';
import type { Licence } from '../api/get-licenses';
import { FULL_URL_REQUIRED, startsWithHttp } from '../domain';
import { canRebind, NO_CHANGES_LEFT, rebindNotice } from '../seat-rules';

/** Spec §9: how long the rebinding confirmation stays up. */
export const REBIND_CONFIRM_MS = 10_000;

let confirmSequence = 0;

/**
 * The seat table's domain cell (spec §2 block 2, §5 Bind (client)): a click opens an inline URL input
 * with save and cancel (Enter saves, Escape cancels). The URL is checked and normalised here; moving a
 * bound seat to another site asks for confirmation in a 10-second toast first.
 */
export function DomainCell({ licence }: { licence: Licence }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const bind = useBindLicence();
  const confirmId = useRef<string | null>(null);
  const seat = `seat #${licence.seatIndex}`;
  const expired = licence.status === 'expired';

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
    if (!canRebind(licence)) {
      notifyError(NO_CHANGES_LEFT);
      return;
    }
    setValue(licence.websiteUrl ?? '');
    setEditing(true);
  };

  const send = (websiteUrl: string) => {
    hideConfirm();
    bind.mutate({ licenceId: licence.id, websiteUrl }, { onSuccess: () => setEditing(false) });
  };

  const askToConfirm = (websiteUrl: string) => {
    hideConfirm();
    const id = `rebind-confirm-${licence.id}-${++confirmSequence}`;
    confirmId.current = id;
    const left = licence.bindingChangesLeft;
    notifications.show({
      id,
      color: 'orange',
      withBorder: true,
      autoClose: REBIND_CONFIRM_MS,
      title: 'confirm rebinding',
      message: (
        <Stack gap={6}>
          <Text size="sm">
            Move {seat} from {licence.websiteUrl} to {websiteUrl}? This uses one of your {left}{' '}
            rebinding {left === 1 ? 'chance' : 'chances'}.
          </Text>
          <Group gap="xs">
            <Button size="xs" color="orange" onClick={() => send(websiteUrl)}>
              confirm rebinding
            </Button>
          </Group>
        </Stack>
      ),
    });
  };

  const save = () => {
    const raw = value.trim();
    if (!raw) {
      close(); // spec §5: an empty input just cancels
      return;
    }
    if (!startsWithHttp(raw)) {
      notifyError(FULL_URL_REQUIRED);
      return;
    }
    const normalized = normalizeWebsiteUrl(raw);
    // A URL the rules cannot read goes to the server as typed: it answers 'Must be a valid URL'.
    if (!normalized) {
      send(raw);
      return;
    }
    if (normalized === licence.websiteUrl) {
      close(); // nothing would change
      return;
    }
    if (isDifferentSite(licence.websiteUrl, normalized)) {
      if (!canRebind(licence)) {
        notifyError(NO_CHANGES_LEFT);
        return;
      }
      askToConfirm(normalized);
      return;
    }
    send(normalized);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  if (!editing) {
    const bound = Boolean(licence.websiteUrl);
    return (
      <UnstyledButton
        onClick={open}
        disabled={expired}
        aria-label={bound ? `rebind ${seat}: ${licence.websiteUrl}` : `bind a domain to ${seat}`}
        title={expired ? 'this licence has expired' : undefined}
        style={{ cursor: expired ? 'not-allowed' : 'pointer' }}
      >
        {bound ? (
          <Text size="sm" fw={500} c="blue.8" style={{ wordBreak: 'break-all' }}>
            {licence.websiteUrl}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" td="underline">
            bind a domain
          </Text>
        )}
      </UnstyledButton>
    );
  }

  const notice = rebindNotice(licence);
  return (
    <Stack gap={4} miw={260}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          size="xs"
          flex={1}
          autoFocus
          type="url"
          inputMode="url"
          placeholder="https://example.com"
          aria-label={`website URL for ${seat}`}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          disabled={bind.isPending}
        />
        <Button size="xs" onClick={save} loading={bind.isPending}>
          save
        </Button>
        <Button size="xs" variant="default" onClick={close} disabled={bind.isPending}>
          cancel
        </Button>
      </Group>
      {notice && (
        <Text size="xs" c={`${notice.tone}.9`} role="note">
          {notice.text}
        </Text>
      )}
    </Stack>
  );
}
