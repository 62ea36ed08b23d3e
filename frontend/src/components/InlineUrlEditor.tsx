import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface InlineUrlEditorProps {
  /** The input's accessible name, e.g. 'website URL for seat #1'. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSave: () => void;
  onCancel: () => void;
  /** The save is on its way: the input and cancel are disabled, save shows a loader. */
  pending: boolean;
  error?: string | null;
  /** The save button's text and colour ('save' in the active language by default). */
  save?: { label: string; color?: string };
  /** A line under the input. */
  note?: { text: string; color: string } | null;
  /** The editor's least width; the buttons wrap under the input when the space is narrower (a phone). */
  minWidth?: number;
}

/**
 * An inline website URL input with save and cancel: Enter saves, Escape cancels. What saving does is the
 * caller's (see bind-plan.ts).
 */
export function InlineUrlEditor({
  label,
  placeholder,
  value,
  onChange,
  onSave,
  onCancel,
  pending,
  error,
  save,
  note,
  minWidth,
}: InlineUrlEditorProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  // A refused save (or input the rule refuses) is said under the field and announced (role=alert), and the
  // field, disabled while the save was on its way, takes the focus back to be corrected.
  useEffect(() => {
    if (error && !pending) input.current?.focus();
  }, [error, pending]);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onSave();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };
  return (
    <Stack gap={4} miw={minWidth}>
      <Group gap="xs" wrap="wrap" align="flex-start">
        <TextInput
          size="xs"
          flex={1}
          miw={140}
          ref={input}
          autoFocus
          type="url"
          inputMode="url"
          placeholder={placeholder}
          aria-label={label}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          disabled={pending}
          error={error ? <span role="alert">{error}</span> : null}
        />
        <Button size="xs" color={save?.color} onClick={onSave} loading={pending}>
          {save?.label ?? t('actions.save')}
        </Button>
        <Button size="xs" variant="default" onClick={onCancel} disabled={pending}>
          {t('actions.cancel')}
        </Button>
      </Group>
      {note && (
        <Text size="xs" c={note.color} role="note">
          {note.text}
        </Text>
      )}
    </Stack>
  );
}
