import { Button } from '@mantine/core';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '../../../lib/i18n';
import { lazyOnIntent } from '../../../lib/preload';
import type { License } from '../../../lib/api/licenses';
import { aiConfigTitle } from '../seat-label';

/**
 * The modal (its form, inputs and focus trap) comes in its own chunk with its catalogue (ai), on intent
 * or first use.
 */
const { Component: AiConfigModal, intent } = lazyOnIntent(async () => {
  const [module] = await Promise.all([import('./AiConfigModal'), loadNamespaces(['ai'])]);
  return module.AiConfigModal;
});

/** The seat table's settings cell: opens the seat's AI config modal (not for an expired seat). */
export function AiSettingsButton({ license }: { license: License }) {
  const { t } = useTranslation('console');
  const [opened, setOpened] = useState(false);
  // Mounted on the first click and kept, so the modal can animate out and keeps its state.
  const [started, setStarted] = useState(false);
  const expired = license.status === 'expired';
  // The modal is first mounted already open, so it cannot note where focus was: give it back here.
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpened(false);
    button.current?.focus();
  };
  return (
    <>
      <Button
        ref={button}
        size="compact-sm"
        variant="light"
        {...intent}
        onClick={() => {
          setStarted(true);
          setOpened(true);
        }}
        disabled={expired}
        aria-label={aiConfigTitle(license)}
        title={expired ? t('seats.licenceExpired') : undefined}
      >
        {t('seats.aiSettings')}
      </Button>
      {started && (
        <Suspense fallback={null}>
          <AiConfigModal license={license} opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
