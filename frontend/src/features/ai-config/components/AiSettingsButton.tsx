import { Button } from '@mantine/core';
import { lazy, Suspense, useRef, useState } from 'react';
import type { Licence } from '../../licenses/api/get-licenses';
import { aiConfigTitle } from '../seat-label';

/** The modal (its form, inputs and focus trap) comes in its own chunk, on intent or first use. */
const loadModal = () => import('./AiConfigModal');
const AiConfigModal = lazy(() => loadModal().then((m) => ({ default: m.AiConfigModal })));
const preloadModal = () => {
  loadModal().catch(() => undefined);
};

/** The seat table's settings cell: opens the seat's AI config modal (not for an expired seat). */
export function AiSettingsButton({ licence }: { licence: Licence }) {
  const [opened, setOpened] = useState(false);
  // Mounted on the first click and kept, so the modal can animate out and keeps its state.
  const [started, setStarted] = useState(false);
  const expired = licence.status === 'expired';
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
        onMouseEnter={preloadModal}
        onFocus={preloadModal}
        onTouchStart={preloadModal}
        onClick={() => {
          setStarted(true);
          setOpened(true);
        }}
        disabled={expired}
        aria-label={aiConfigTitle(licence)}
        title={expired ? 'this licence has expired' : undefined}
      >
        AI settings
      </Button>
      {started && (
        <Suspense fallback={null}>
          <AiConfigModal licence={licence} opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
