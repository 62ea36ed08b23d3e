import { Anchor, Box, Button, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { DEFAULT_BINDING_CHANGES } from '@seatkeeper/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planBind } from '../../../components/bind-plan';
import { InlineUrlEditor } from '../../../components/InlineUrlEditor';
import { appConfig, supportContactHref } from '../../../lib/config';
import { bindErrorText, useBindLicense } from '../api/bind-license';
import type { License } from '../../../lib/api/licenses';
import { canRebind, rebindNotice } from '../../../lib/seat-rules';

/** The shape of a website URL, shown in the empty input (the same in every language). */
const URL_EXAMPLE = 'my-blog.cn';

/** A dialog beside the field: as wide as a phone allows. */
const DIALOG_WIDTH = 'min(22rem, calc(100vw - 2rem))';
/** The two dialogs beside the field (rebind confirmation, no changes left): placed, trapped and focused alike. */
const BESIDE_FIELD = {
  position: 'bottom-start',
  width: DIALOG_WIDTH,
  withArrow: true,
  shadow: 'md',
  trapFocus: true,
  returnFocus: true,
  withRoles: false,
} as const;

export interface DomainCellProps {
  license: License;
  /** How customers reach the seller (SUPPORT_CONTACT); the page's configuration by default. */
  supportContact?: string;
}

/**
 * A seat's domain (docs/rules.md, Binding a site): a click opens an inline URL input with save and cancel
 * (Enter saves, Escape cancels; focus comes back to the domain). A bare host means https. Errors show under
 * the field. Moving a bound seat to another site is confirmed in a dialog beside the field that says how
 * many changes will be left; a seat with none left explains the rule and who can help instead.
 * The seat's changes left are shown under the domain.
 */
export function DomainCell({
  license,
  supportContact = appConfig.supportContact,
}: DomainCellProps) {
  const { t } = useTranslation('console');
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const [confirmUrl, setConfirmUrl] = useState<string | null>(null);
  const [explaining, setExplaining] = useState(false);
  const bind = useBindLicense();
  const opener = useRef<HTMLButtonElement>(null);
  const focusOpener = useRef(false);
  const ids = useId();
  const seat = license.seatIndex;
  const expired = license.status === 'expired';
  const bound = Boolean(license.websiteUrl);
  const left = Math.max(0, license.bindingChangesLeft);

  // Closing the editor puts focus back on the domain it was opened from (not on the page's body).
  useEffect(() => {
    if (!editing && focusOpener.current) {
      focusOpener.current = false;
      opener.current?.focus();
    }
  }, [editing]);

  const close = () => {
    setConfirmUrl(null);
    focusOpener.current = true;
    setEditing(false);
  };

  const open = () => {
    if (!canRebind(license)) {
      setExplaining(true);
      return;
    }
    setValue(license.websiteUrl ?? '');
    setInputError(null);
    bind.reset();
    setEditing(true);
  };

  const send = (websiteUrl: string) => {
    bind.mutate(
      { licenseId: license.id, websiteUrl },
      { onSuccess: close, onError: () => setConfirmUrl(null) },
    );
  };

  const save = () => {
    // docs/product.md#validation: an empty input just cancels; a move to another site spends a change, so it is confirmed.
    const plan = planBind(license.websiteUrl, value, { changesLeft: license.bindingChangesLeft });
    setInputError(null);
    bind.reset();
    switch (plan.kind) {
      case 'unchanged':
      case 'unbind':
        close();
        return;
      case 'invalid':
        setInputError(plan.message);
        return;
      case 'no-changes-left':
        setInputError(t('bind.noChangesLeft'));
        return;
      case 'confirm':
        setConfirmUrl(plan.websiteUrl);
        return;
      case 'set':
        send(plan.websiteUrl);
    }
  };

  const notice = rebindNotice(license);
  const noticeId = `${ids}-changes`;
  const noticeLine = notice && (
    <Text id={noticeId} size="xs" c={`${notice.tone}.9`} role="note">
      {notice.text}
    </Text>
  );

  if (editing) {
    const titleId = `${ids}-confirm-title`;
    const textId = `${ids}-confirm-text`;
    return (
      <Stack gap={4}>
        <Popover
          opened={confirmUrl !== null}
          onChange={(opened) => !opened && setConfirmUrl(null)}
          onDismiss={() => setConfirmUrl(null)}
          {...BESIDE_FIELD}
        >
          <Popover.Target>
            <Box>
              <InlineUrlEditor
                label={t('bind.inputLabel', { seat })}
                placeholder={URL_EXAMPLE}
                value={value}
                onChange={(next) => {
                  setValue(next);
                  setInputError(null);
                  if (bind.isError) bind.reset();
                }}
                onSave={save}
                onCancel={close}
                pending={bind.isPending && confirmUrl === null}
                error={inputError ?? (bind.isError ? bindErrorText(bind.error) : null)}
                minWidth={220}
              />
            </Box>
          </Popover.Target>
          <Popover.Dropdown role="dialog" aria-labelledby={titleId} aria-describedby={textId}>
            <Stack gap="xs">
              <Text fw={600} size="sm" id={titleId}>
                {t('bind.confirmTitle')}
              </Text>
              <Stack gap={4} id={textId}>
                <Text size="sm" style={{ wordBreak: 'break-word' }}>
                  {t('bind.confirmMove', { seat, from: license.websiteUrl, to: confirmUrl })}
                </Text>
                <Text size="sm" fw={600} c={left - 1 > 0 ? undefined : 'orange.9'}>
                  {left - 1 > 0
                    ? t('bind.confirmAfter', { count: left - 1 })
                    : t('bind.confirmAfterNone')}
                </Text>
              </Stack>
              <Group justify="flex-end" gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setConfirmUrl(null)}
                  disabled={bind.isPending}
                >
                  {t('common:actions.cancel')}
                </Button>
                <Button
                  size="xs"
                  color="orange"
                  loading={bind.isPending}
                  onClick={() => confirmUrl && send(confirmUrl)}
                >
                  {t('bind.confirmButton')}
                </Button>
              </Group>
            </Stack>
          </Popover.Dropdown>
        </Popover>
        {noticeLine}
      </Stack>
    );
  }

  const contactHref = supportContactHref(supportContact);
  const explainTitleId = `${ids}-none-title`;
  const explainTextId = `${ids}-none-text`;
  return (
    <Stack gap={2} align="flex-start">
      <Popover
        opened={explaining}
        onChange={setExplaining}
        onDismiss={() => setExplaining(false)}
        {...BESIDE_FIELD}
      >
        <Popover.Target>
          <UnstyledButton
            ref={opener}
            onClick={open}
            disabled={expired}
            aria-label={
              bound
                ? t('bind.rebindLabel', { seat, url: license.websiteUrl })
                : t('bind.bindLabel', { seat })
            }
            aria-describedby={notice ? noticeId : undefined}
            aria-haspopup={bound && left === 0 ? 'dialog' : undefined}
            aria-expanded={bound && left === 0 ? explaining : undefined}
            title={expired ? t('seats.licenceExpired') : undefined}
            style={{ cursor: expired ? 'not-allowed' : 'pointer', maxWidth: '100%' }}
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
        </Popover.Target>
        <Popover.Dropdown
          role="dialog"
          aria-labelledby={explainTitleId}
          aria-describedby={explainTextId}
        >
          <Stack gap="xs">
            <Text fw={600} size="sm" id={explainTitleId}>
              {t('bind.noneLeftTitle')}
            </Text>
            <Stack gap={4} id={explainTextId}>
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {t('bind.noneLeftRule', {
                  count: DEFAULT_BINDING_CHANGES,
                  seat,
                  url: license.websiteUrl,
                })}
              </Text>
              {supportContact && contactHref ? (
                <Text size="sm">
                  {t('bind.noneLeftHelpContact')}{' '}
                  <Anchor
                    href={contactHref}
                    target={contactHref.startsWith('mailto:') ? undefined : '_blank'}
                    rel="noopener noreferrer"
                    style={{ wordBreak: 'break-all' }}
                  >
                    {supportContact}
                  </Anchor>
                </Text>
              ) : (
                <Text size="sm">{t('bind.noneLeftHelpSite')}</Text>
              )}
            </Stack>
            <Group justify="flex-end">
              <Button size="xs" variant="default" onClick={() => setExplaining(false)}>
                {t('bind.close')}
              </Button>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {noticeLine}
    </Stack>
  );
}
