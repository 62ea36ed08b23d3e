import { Anchor, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planBind } from '../../../components/bind-plan';
import { InlineUrlEditor } from '../../../components/InlineUrlEditor';
import { useSetLicenseDomain } from '../api/set-license-domain';
import type { OverviewLicense } from '../api/get-subscription-users';
import { linkableUrl } from '../domain-edit';

/**
 * A bound seat's domain in the overview (docs/product.md#screens): a link opening the site in a new tab, and an inline
 * edit (Enter saves, Escape cancels). The URL is normalised as on the console; an empty value unbinds
 * the seat after a second save, since that frees the customer's seat.
 */
export function AdminDomainCell({ license }: { license: OverviewLicense }) {
  const { t } = useTranslation('adminSubscriptions');
  const seat = t('domain.seat', { index: license.seatIndex });
  const mutation = useSetLicenseDomain();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirmUnbind, setConfirmUnbind] = useState(false);

  const open = () => {
    setValue(license.websiteUrl ?? '');
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
    // docs/product.md#screens: an empty domain unbinds; the admin's edit spends no binding change.
    const plan = planBind(license.websiteUrl, value, { emptyUnbinds: true });
    switch (plan.kind) {
      case 'unchanged':
      case 'no-changes-left':
        close();
        return;
      case 'invalid':
        setError(plan.message);
        return;
      case 'unbind':
        if (!confirmUnbind) {
          setConfirmUnbind(true);
          return;
        }
        mutation.mutate({ licenseId: license.id, websiteUrl: null }, { onSuccess: close });
        return;
      case 'confirm':
      case 'set':
        mutation.mutate(
          { licenseId: license.id, websiteUrl: plan.websiteUrl },
          { onSuccess: close },
        );
    }
  };

  if (!editing) {
    const href = linkableUrl(license.websiteUrl);
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
            {license.websiteUrl}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {license.websiteUrl || t('domain.notBound')}
          </Text>
        )}
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={open}
          aria-label={t('domain.editLabel', { seat })}
        >
          {t('domain.edit')}
        </Button>
      </Group>
    );
  }

  const unbinding = confirmUnbind && !value.trim();
  return (
    <InlineUrlEditor
      label={t('domain.urlLabel', { seat })}
      placeholder={t('domain.placeholder')}
      value={value}
      onChange={(next) => {
        setValue(next);
        setError(null);
        setConfirmUnbind(false);
      }}
      onSave={save}
      onCancel={close}
      pending={mutation.isPending}
      error={error}
      save={unbinding ? { label: t('domain.confirmUnbind'), color: 'red' } : undefined}
      note={
        unbinding
          ? {
              text: t('domain.unbindNote', { seat }),
              color: 'red.8',
            }
          : null
      }
      minWidth={280}
    />
  );
}
