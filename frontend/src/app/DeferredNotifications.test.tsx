import { MantineProvider } from '@mantine/core';
import { notifications, notificationsStore } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { configureNotificationsStore, DeferredNotifications } from './DeferredNotifications';

afterEach(() => {
  act(() => notifications.clean());
});

describe('DeferredNotifications', () => {
  it('renders nothing until the first toast, then shows it', async () => {
    render(
      <MantineProvider env="test">
        <DeferredNotifications position="top-center" limit={3} />
      </MantineProvider>,
    );
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => {
      notifications.show({ message: 'saved' });
    });
    expect(await screen.findByText('saved')).toBeInTheDocument();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });

  it('gives the store the position and limit before the container loads', () => {
    configureNotificationsStore({ position: 'top-center', limit: 3 });
    expect(notificationsStore.getState()).toMatchObject({
      defaultPosition: 'top-center',
      limit: 3,
    });
  });
});
