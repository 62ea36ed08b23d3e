import { Button, TextInput } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevealAiKey } from '../api/reveal-ai-key';
import { useAutoHide } from '../use-auto-hide';

/** The shape of a key, shown in the empty field (not a text to translate). */
const KEY_PLACEHOLDER = 'sk-...';

export interface ApiKeyInputProps {
  licenseId: string;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  /** The saved key's mask ('sk-l****cdef'), when a key is saved. */
  savedMaskedKey: string | null;
  disabled?: boolean;
}

/**
 * The API Key field (docs/product.md#screens, #states AI key reveal): masked, with a reveal button. With the field empty and
 * a key saved, reveal fetches the saved key into the field; otherwise it shows what was typed. Either
 * way the key hides again after 2.5 seconds or on a click outside the field.
 */
export function ApiKeyInput({
  licenseId,
  value,
  onChange,
  error,
  savedMaskedKey,
  disabled,
}: ApiKeyInputProps) {
  const { t } = useTranslation('ai');
  const visibility = useAutoHide();
  const reveal = useRevealAiKey();
  const ref = useClickOutside<HTMLDivElement>(() => visibility.hide());
  const canFetch = !value && Boolean(savedMaskedKey);

  const toggle = () => {
    if (visibility.shown) {
      visibility.hide();
    } else if (canFetch) {
      reveal.mutate(licenseId, {
        onSuccess: (plain) => {
          onChange(plain);
          visibility.show();
        },
      });
    } else {
      visibility.show();
    }
  };

  return (
    <div ref={ref}>
      <TextInput
        label={t('config.apiKey')}
        withAsterisk
        type={visibility.shown ? 'text' : 'password'}
        autoComplete="off"
        spellCheck={false}
        placeholder={
          savedMaskedKey
            ? t('config.savedKeyPlaceholder', { mask: savedMaskedKey })
            : KEY_PLACEHOLDER
        }
        description={savedMaskedKey ? t('config.savedKeyHint') : undefined}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        disabled={disabled}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        rightSectionWidth={76}
        rightSectionPointerEvents="all"
        rightSection={
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={toggle}
            loading={reveal.isPending}
            disabled={disabled || (!value && !canFetch)}
            aria-pressed={visibility.shown}
            aria-label={visibility.shown ? t('config.hideLabel') : t('config.revealLabel')}
          >
            {visibility.shown ? t('config.hide') : t('config.reveal')}
          </Button>
        }
      />
    </div>
  );
}
