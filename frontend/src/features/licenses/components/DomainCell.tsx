import { Anchor, Box, Button, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { DEFAULT_BINDING_CHANGES } from '@seatkeeper/domain';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { planBind } from '../../../components/bind-plan';
import { InlineUrlEditor } from '../../../components/InlineUrlEditor';
import { appConfig, supportContactHref } from '../../../lib/config';
import { bindErrorText, useBindLicense } from '../api/bind-license';
import type { License } from '../../../lib/api/licenses';
import { canRebind, rebindNotice, type Notice } from '../../../lib/seat-rules';

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

/** The domain's state and bind mutation: opening the editor (or the none-left dialog), typing, saving, confirming, closing. */
function useDomainEditor(license: License) {
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

  const change = (next: string) => {
    setValue(next);
    setInputError(null);
    if (bind.isError) bind.reset();
  };

  const cancelConfirm = () => setConfirmUrl(null);

  return {
    editing,
    value,
    inputError,
    confirmUrl,
    explaining,
    setExplaining,
    bind,
    opener,
    ids,
    open,
    close,
    send,
    save,
    change,
    cancelConfirm,
  };
}

/** What useDomainEditor hands to the views. */
type DomainEditorState = ReturnType<typeof useDomainEditor>;

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
  const editor = useDomainEditor(license);
  const notice = rebindNotice(license);
  const noticeId = `${editor.ids}-changes`;

  if (editor.editing) {
    return (
      <Stack gap={4}>
        <DomainEditor license={license} editor={editor} />
        <ChangesNotice notice={notice} id={noticeId} />
      </Stack>
    );
  }

  return (
    <Stack gap={2} align="flex-start">
      <DomainButton
        license={license}
        editor={editor}
        supportContact={supportContact}
        describedBy={notice ? noticeId : undefined}
      />
      <ChangesNotice notice={notice} id={noticeId} />
    </Stack>
  );
}

/** The line under the domain with the seat's changes left (nothing for a seat never bound). */
function ChangesNotice({ notice, id }: { notice: Notice | null; id: string }) {
  if (!notice) return null;
  return (
    <Text id={id} size="xs" c={`${notice.tone}.9`} role="note">
      {notice.text}
    </Text>
  );
}

/** The inline URL input, with the rebind confirmation beside it. */
function DomainEditor({ license, editor }: { license: License; editor: DomainEditorState }) {
  const { t } = useTranslation('console');
  const { bind, confirmUrl, cancelConfirm } = editor;
  return (
    <Popover
      opened={confirmUrl !== null}
      onChange={(opened) => !opened && cancelConfirm()}
      onDismiss={cancelConfirm}
      {...BESIDE_FIELD}
    >
      <Popover.Target>
        <Box>
          <InlineUrlEditor
            label={t('bind.inputLabel', { seat: license.seatIndex })}
            placeholder={URL_EXAMPLE}
            value={editor.value}
            onChange={editor.change}
            onSave={editor.save}
            onCancel={editor.close}
            pending={bind.isPending && confirmUrl === null}
            error={editor.inputError ?? (bind.isError ? bindErrorText(bind.error) : null)}
            minWidth={220}
          />
        </Box>
      </Popover.Target>
      <RebindConfirmation license={license} editor={editor} />
    </Popover>
  );
}

/** The dialog that confirms moving a bound seat to another site and says how many changes will be left. */
function RebindConfirmation({ license, editor }: { license: License; editor: DomainEditorState }) {
  const { t } = useTranslation('console');
  const { bind, confirmUrl, cancelConfirm, send } = editor;
  const left = Math.max(0, license.bindingChangesLeft);
  return (
    <FieldDialog
      id={`${editor.ids}-confirm`}
      title={t('bind.confirmTitle')}
      text={
        <>
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {t('bind.confirmMove', {
              seat: license.seatIndex,
              from: license.websiteUrl,
              to: confirmUrl,
            })}
          </Text>
          <Text size="sm" fw={600} c={left - 1 > 0 ? undefined : 'orange.9'}>
            {left - 1 > 0
              ? t('bind.confirmAfter', { count: left - 1 })
              : t('bind.confirmAfterNone')}
          </Text>
        </>
      }
      actions={
        <>
          <Button size="xs" variant="default" onClick={cancelConfirm} disabled={bind.isPending}>
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
        </>
      }
    />
  );
}

/** The domain (or "bind a domain") as a button that opens the editor, with the none-left dialog beside it. */
function DomainButton({
  license,
  editor,
  supportContact,
  describedBy,
}: {
  license: License;
  editor: DomainEditorState;
  supportContact: string | undefined;
  describedBy: string | undefined;
}) {
  const { t } = useTranslation('console');
  const { explaining, setExplaining } = editor;
  const seat = license.seatIndex;
  const expired = license.status === 'expired';
  const bound = Boolean(license.websiteUrl);
  const left = Math.max(0, license.bindingChangesLeft);
  return (
    <Popover
      opened={explaining}
      onChange={setExplaining}
      onDismiss={() => setExplaining(false)}
      {...BESIDE_FIELD}
    >
      <Popover.Target>
        <UnstyledButton
          ref={editor.opener}
          onClick={editor.open}
          disabled={expired}
          aria-label={
            bound
              ? t('bind.rebindLabel', { seat, url: license.websiteUrl })
              : t('bind.bindLabel', { seat })
          }
          aria-describedby={describedBy}
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
      <NoChangesLeft
        license={license}
        supportContact={supportContact}
        ids={editor.ids}
        onClose={() => setExplaining(false)}
      />
    </Popover>
  );
}

/** The dialog for a seat with no changes left: the rule, and who can help (the configured contact or the site). */
function NoChangesLeft({
  license,
  supportContact,
  ids,
  onClose,
}: {
  license: License;
  supportContact: string | undefined;
  ids: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('console');
  const contactHref = supportContactHref(supportContact);
  return (
    <FieldDialog
      id={`${ids}-none`}
      title={t('bind.noneLeftTitle')}
      text={
        <>
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {t('bind.noneLeftRule', {
              count: DEFAULT_BINDING_CHANGES,
              seat: license.seatIndex,
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
        </>
      }
      actions={
        <Button size="xs" variant="default" onClick={onClose}>
          {t('bind.close')}
        </Button>
      }
    />
  );
}

/** A dialog beside the field: its title, its text (what the dialog's description reads) and its buttons. */
function FieldDialog({
  id,
  title,
  text,
  actions,
}: {
  id: string;
  title: string;
  text: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Popover.Dropdown role="dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <Stack gap="xs">
        <Text fw={600} size="sm" id={`${id}-title`}>
          {title}
        </Text>
        <Stack gap={4} id={`${id}-text`}>
          {text}
        </Stack>
        <Group justify="flex-end" gap="xs">
          {actions}
        </Group>
      </Stack>
    </Popover.Dropdown>
  );
}
