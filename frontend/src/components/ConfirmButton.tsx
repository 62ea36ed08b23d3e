import { Button, Group } from '@mantine/core';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyOnIntent } from '../lib/preload';

/** The dialog step's Modal comes in its own chunk, on intent or first use (ConfirmDialog.tsx). */
const { Component: ConfirmDialog, intent } = lazyOnIntent(() =>
  import('./ConfirmDialog').then((m) => m.default),
);

/** Where the second step of a confirmation happens. */
export type ConfirmStep =
  /** The button gives way to 'confirm' and 'cancel' beside it (default). */
  | { inline: true }
  /** A dialog asks, with a title and a text, 'cancel' and 'confirm'. */
  | { modal: { title: string; text: string } }
  /**
   * The same button confirms when clicked again within `windowMs` (docs/product.md#constants: 3 seconds for the token);
   * `onArm` runs on the first click (e.g. toasts 'click again to confirm ...').
   */
  | { armed: { windowMs: number; onArm?: () => void } };

export interface ConfirmButtonProps {
  /** The button's text: 'delete'. */
  label: string;
  /** The confirming button's text: 'confirm delete'. */
  confirmLabel: string;
  /** The action; it reports its own failure (a toast). The confirmation ends when it settles. */
  onConfirm: () => Promise<unknown>;
  step?: ConfirmStep;
}

export type ConfirmState = 'idle' | 'confirming' | 'running';

/**
 * A two-step confirmation for a destructive action (delete, regenerate): the first click asks, the
 * second runs the action, with a loader until it settles; a failure goes back to the start.
 */
export function ConfirmButton({
  label,
  confirmLabel,
  onConfirm,
  step = { inline: true },
}: ConfirmButtonProps) {
  if ('armed' in step)
    return (
      <ArmedButton
        label={label}
        confirmLabel={confirmLabel}
        onConfirm={onConfirm}
        {...step.armed}
      />
    );
  return (
    <AskingButton
      label={label}
      confirmLabel={confirmLabel}
      onConfirm={onConfirm}
      modal={'modal' in step ? step.modal : null}
    />
  );
}

function AskingButton({
  label,
  confirmLabel,
  onConfirm,
  modal,
}: Omit<ConfirmButtonProps, 'step'> & { modal: { title: string; text: string } | null }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ConfirmState>('idle');
  const running = state === 'running';
  // The dialog is mounted from the first click on, so its closing transition still plays.
  const [dialog, setDialog] = useState(false);
  const close = () => setState('idle');
  const run = () => {
    setState('running');
    onConfirm()
      .catch(() => undefined) // the action reports its own failure
      .finally(close);
  };

  const ask = (
    <Button
      size="xs"
      variant="light"
      color="red"
      {...(modal ? intent : {})}
      onClick={() => {
        setDialog(true);
        setState('confirming');
      }}
    >
      {label}
    </Button>
  );
  if (modal) {
    return (
      <>
        {ask}
        {dialog && (
          <Suspense fallback={null}>
            <ConfirmDialog
              opened={state !== 'idle'}
              title={modal.title}
              text={modal.text}
              confirmLabel={confirmLabel}
              running={running}
              onClose={close}
              onConfirm={run}
            />
          </Suspense>
        )}
      </>
    );
  }
  if (state === 'idle') return ask;
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="xs" color="red" loading={running} onClick={run}>
        {confirmLabel}
      </Button>
      <Button size="xs" variant="default" disabled={running} onClick={close}>
        {t('actions.cancel')}
      </Button>
    </Group>
  );
}

function ArmedButton({
  label,
  confirmLabel,
  onConfirm,
  windowMs,
  onArm,
}: Omit<ConfirmButtonProps, 'step'> & { windowMs: number; onArm?: () => void }) {
  const { state, click } = useArmedConfirm(onConfirm, windowMs, onArm);
  const armed = state === 'confirming';
  return (
    <Button
      color={armed ? 'red' : 'blue'}
      variant={armed ? 'filled' : 'light'}
      loading={state === 'running'}
      onClick={click}
    >
      {armed ? confirmLabel : label}
    </Button>
  );
}

/**
 * A two-click confirmation: idle → confirming for `windowMs` → running → idle. A second click while
 * confirming runs the action; after the window a click asks again. Clicks while the action runs are
 * ignored.
 */
function useArmedConfirm(action: () => Promise<unknown>, windowMs: number, onArm?: () => void) {
  const [state, setState] = useState<ConfirmState>('idle');
  // The current state for click handlers, even before React re-renders (double clicks).
  const current = useRef<ConfirmState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  const move = useCallback((next: ConfirmState) => {
    current.current = next;
    if (mounted.current) setState(next);
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const click = useCallback(() => {
    if (current.current === 'running') return;
    if (current.current === 'idle') {
      move('confirming');
      onArm?.();
      timer.current = setTimeout(() => {
        if (current.current === 'confirming') move('idle');
      }, windowMs);
      return;
    }
    clearTimeout(timer.current);
    move('running');
    action()
      .catch(() => undefined) // the action reports its own failure
      .finally(() => move('idle'));
  }, [action, move, onArm, windowMs]);

  return { state, click };
}
