import { Button } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyOnIntent } from '../../../lib/preload';
import type { License } from '../../../lib/api/licenses';

/** The dialog (its Modal, focus trap and Mantine's whole sheet) comes in its own chunk, on intent or first use. */
const { Component: SeatHistoryDialog, intent } = lazyOnIntent(() =>
  import('./SeatHistoryDialog').then((m) => m.default),
);

/**
 * A seat's history for its customer (docs/rules.md, "Seat history"): a small button on the seat's row or
 * card that opens a dialog, read when opened (the licence list carries no history). Their binds with the
 * address they came from; the store's changes say "by the store" (no admin e-mail or address).
 */
export function SeatHistoryButton({ license }: { license: License }) {
  const { t } = useTranslation('console');
  const [opened, setOpened] = useState(false);
  // Mounted from the first opening on, so closing plays out and gives the focus back to the button.
  const [started, setStarted] = useState(false);
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={() => {
          setStarted(true);
          setOpened(true);
        }}
        {...intent}
        aria-label={t('seatHistory.buttonLabel', { seat: license.seatIndex })}
        aria-haspopup="dialog"
      >
        {t('seatHistory.button')}
      </Button>
      {started && (
        <Suspense fallback={null}>
          <SeatHistoryDialog license={license} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
