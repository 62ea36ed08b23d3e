import {
  notificationsStore,
  useNotifications,
  type NotificationsProps,
} from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const Notifications = lazy(() =>
  import('./notifications-container').then((m) => ({ default: m.Notifications })),
);

/**
 * The toast area without its cost on the first page: the container (transitions, portal, scroll-lock
 * helpers: ~14 kB gzip) loads when the first toast is shown, and stays mounted from then on. The store
 * takes the position and limit at once, so a toast shown while the container loads is placed as usual.
 */
export function DeferredNotifications(props: NotificationsProps) {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}

/** Applies the container's position and limit to the store before the container exists. */
export function configureNotificationsStore({
  position,
  limit,
}: Pick<NotificationsProps, 'position' | 'limit'>) {
  notificationsStore.updateState((state) => ({
    ...state,
    defaultPosition: position ?? state.defaultPosition,
    limit: limit ?? state.limit,
  }));
}
