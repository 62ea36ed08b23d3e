import {
  notifications,
  Notifications as MantineNotifications,
  type NotificationsProps,
} from '@mantine/notifications';
import { useRef, type PointerEvent } from 'react';
import './notifications-container.css';

/** docs/product.md#constants Toasts: a toast swiped sideways this far (px) is dismissed. */
export const SWIPE_DISMISS_PX = 45;

/** The class of every toast (its id is the notification's id); the gap of 14 px is in the sheet beside. */
export const TOAST_CLASS = 'sk-toast';

interface Swipe {
  element: HTMLElement;
  id: string;
  pointerId: number;
  startX: number;
  dx: number;
  /** The transition Mantine set inline, put back when the toast is let go. */
  transition: string;
}

/** Controls inside a toast keep their own pointer handling (the close button, a link). */
const INTERACTIVE = 'button, a, input, textarea, select, [role="button"]';

function moveTo(element: HTMLElement, dx: number, transition: string) {
  element.style.setProperty('--notifications-swipe-offset', `${dx}px`);
  element.style.transitionDuration = transition;
}

/**
 * Mantine's toast container (loaded on the first toast, see DeferredNotifications) with the product's
 * swipe: a pointer (finger, pen or mouse) dragging a toast sideways moves it, and letting go beyond
 * SWIPE_DISMISS_PX dismisses it (Mantine's own drag wants 35% of the width, ~125 px of a 356 px toast, or
 * a fast flick); a shorter drag puts it back. One set of pointer handlers on each position's container.
 */
export function Notifications(props: NotificationsProps) {
  const swipe = useRef<Swipe | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    // A swipe whose release never arrived (the pointer left the window) is put back first.
    if (swipe.current) moveTo(swipe.current.element, 0, swipe.current.transition);
    swipe.current = null;
    const target = event.target as HTMLElement;
    if (target.closest(INTERACTIVE)) return;
    const element = target.closest<HTMLElement>(`.${TOAST_CLASS}`);
    if (!element?.id) return;
    // A mouse drag would select the toast's text, and the next one drag that selection away (the browser
    // then cancels the pointer): no selection starts on a toast being swiped.
    event.preventDefault();
    window.getSelection()?.removeAllRanges();
    swipe.current = {
      element,
      id: element.id,
      pointerId: event.pointerId,
      startX: event.clientX,
      dx: 0,
      transition: element.style.transitionDuration,
    };
    // Keep receiving the moves when the pointer leaves the toast (jsdom has no pointer capture).
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const s = swipe.current;
    if (!s || s.pointerId !== event.pointerId) return;
    s.dx = event.clientX - s.startX;
    moveTo(s.element, s.dx, '0ms');
  };

  const end = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const s = swipe.current;
    if (!s || s.pointerId !== event.pointerId) return;
    swipe.current = null;
    if (!cancelled && Math.abs(s.dx) >= SWIPE_DISMISS_PX) {
      // Leaves the way it was pushed, fading out (Mantine's exit transition).
      moveTo(s.element, Math.sign(s.dx) * (s.element.offsetWidth + 40), s.transition);
      notifications.hide(s.id);
    } else {
      moveTo(s.element, 0, s.transition);
    }
  };

  return (
    <MantineNotifications
      {...props}
      allowDragDismiss={false}
      classNames={{ notification: TOAST_CLASS }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => end(event, false)}
      onPointerCancel={(event) => end(event, true)}
    />
  );
}
