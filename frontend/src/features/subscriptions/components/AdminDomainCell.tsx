import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import { useSetLicenceDomain } from '../api/set-licence-domain';
import type { OverviewLicense } from '../api/get-subscription-users';
import { linkableUrl, planDomainEdit } from '../domain-edit';

/**
 * A bound seat's domain in the overview (spec §2): a link opening the site in a new tab, and an inline
 * edit (Enter saves, Escape cancels). The URL is normalised as on the console; an empty value unbinds
 * the seat after a second save, since that frees the customer's seat.
 */
export function AdminDomainCell({ licence }: { licence: OverviewLicense }) {
  const seat = `seat #${licence.seatIndex}`;
  const mutation = useSetLicenceDomain();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirmUnbind, setConfirmUnbind] = useState(false);

  const open = () => {
    setValue(licence.websiteUrl ?? '');
    setError(null);
    setConfirmUnbind(false);
    setEditing(true);
  };
  const close = () => {
    setEditing(false);
    setError(null);
    setConfirmUnbind(false);
  };

  const save = () => {
    const edit = planDomainEdit(licence.websiteUrl, value);
    switch (edit.kind) {
      case 'unchanged':
        close();
        return;
      case 'invalid':
        setError(edit.message);
        return;
      case 'unbind':
        if (!confirmUnbind) {
          setConfirmUnbind(true);
          return;
        }
        mutation.mutate({ licenceId: licence.id, websiteUrl: null }, { onSuccess: close });
        return;
      case 'set':
        mutation.mutate(
          { licenceId: licence.id, websiteUrl: edit.websiteUrl },
          { onSuccess: close },
        );
    }
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
    const href = linkableUrl(licence.websiteUrl);
    return (
      <Group gap="xs" wrap="nowrap">
        {href ? (
          <Anchor
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ wordBreak: 'break-all' }}
          >
            {licence.websiteUrl}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {licence.websiteUrl || 'not bound'}
          </Text>
        )}
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={open}
          aria-label={`edit the domain of ${seat}`}
        >
          edit
        </Button>
      </Group>
    );
  }

  const unbinding = confirmUnbind && !value.trim();
  return (
    <Stack gap={4} miw={280}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TextInput
          size="xs"
          flex={1}
          autoFocus
          type="url"
          inputMode="url"
          placeholder="https://example.com (empty unbinds)"
          aria-label={`website URL for ${seat}`}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
            setConfirmUnbind(false);
          }}
          onKeyDown={onKeyDown}
          disabled={mutation.isPending}
          error={error}
        />
        <Button
          size="xs"
          color={unbinding ? 'red' : undefined}
          onClick={save}
          loading={mutation.isPending}
        >
          {unbinding ? 'confirm unbind' : 'save'}
        </Button>
        <Button size="xs" variant="default" onClick={close} disabled={mutation.isPending}>
          cancel
        </Button>
      </Group>
      {unbinding && (
        <Text size="xs" c="red.8" role="note">
          saving an empty domain unbinds {seat}: save again to confirm
        </Text>
      )}
    </Stack>
  );
}
