/** Mantine's toast container (with its transitions and scroll lock), loaded on the first toast. */
export { Notifications } from '@mantine/notifications';
