import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { Notifications, SWIPE_DISMISS_PX, TOAST_CLASS } from './notifications-container';
import { themeIn } from './theme';

afterEach(() => {
  act(() => notifications.clean());
});

function renderToasts() {
  render(
    <MantineProvider env="test" theme={themeIn('Close dialog', 'Close notification')}>
      <Notifications position="top-center" limit={3} autoClose={false} />
    </MantineProvider>,
  );
}

const toastOf = (text: string) => screen.getByText(text).closest<HTMLElement>(`.${TOAST_CLASS}`)!;

/** A sideways drag of `dx` px on the toast, as a finger does it (down, two moves, up). */
function swipe(element: HTMLElement, dx: number) {
  fireEvent.pointerDown(element, { pointerId: 7, button: 0, clientX: 200, clientY: 40 });
  fireEvent.pointerMove(element, { pointerId: 7, clientX: 200 + dx / 2, clientY: 40 });
  fireEvent.pointerMove(element, { pointerId: 7, clientX: 200 + dx, clientY: 41 });
  fireEvent.pointerUp(element, { pointerId: 7, clientX: 200 + dx, clientY: 41 });
}

describe('toast container', () => {
  it(`dismisses a toast swiped ${SWIPE_DISMISS_PX} px either way, and puts back a shorter swipe`, async () => {
    renderToasts();
    act(() => {
      notifications.show({ id: 'first', message: 'first toast' });
      notifications.show({ id: 'second', message: 'second toast' });
    });
    const first = toastOf('first toast');
    expect(first.id).toBe('first');

    swipe(first, 44);
    expect(screen.getByText('first toast')).toBeInTheDocument();
    expect(first.style.getPropertyValue('--notifications-swipe-offset')).toBe('0px');

    // While dragged, the toast follows the pointer.
    fireEvent.pointerDown(first, { pointerId: 3, button: 0, clientX: 100 });
    fireEvent.pointerMove(first, { pointerId: 3, clientX: 130 });
    expect(first.style.getPropertyValue('--notifications-swipe-offset')).toBe('30px');
    fireEvent.pointerCancel(first, { pointerId: 3, clientX: 160 });
    expect(screen.getByText('first toast')).toBeInTheDocument();

    act(() => swipe(first, SWIPE_DISMISS_PX));
    // It leaves the way it was pushed (then Mantine's exit transition removes it).
    expect(
      parseFloat(first.style.getPropertyValue('--notifications-swipe-offset')),
    ).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByText('first toast')).not.toBeInTheDocument());
    expect(screen.getByText('second toast')).toBeInTheDocument();

    act(() => swipe(toastOf('second toast'), -SWIPE_DISMISS_PX - 5));
    await waitFor(() => expect(screen.queryByText('second toast')).not.toBeInTheDocument());
  });

  it('leaves the close button to its click, and names it in both languages', async () => {
    renderToasts();
    act(() => {
      notifications.show({ id: 'third', message: 'third toast' });
    });
    const close = screen.getByRole('button', { name: 'Close notification' });
    swipe(close, 80);
    expect(screen.getByText('third toast')).toBeInTheDocument();
    fireEvent.click(close);
    await waitFor(() => expect(screen.queryByText('third toast')).not.toBeInTheDocument());
    await i18n.loadNamespaces('common');
    expect(i18n.getFixedT('zh-CN', 'common')('closeNotification')).toBe('关闭通知');
  });
});
