import { Avatar, type AvatarProps } from '@mantine/core';
import type { SessionUser } from '../../../lib/session';
import { initialOf } from '../initial';

export { initialOf };

/** The user's picture, or else their initial in a circle (also when the picture fails to load). */
export function UserAvatar({
  user,
  ...props
}: { user: Pick<SessionUser, 'name' | 'image'> } & AvatarProps) {
  return (
    <Avatar
      src={user.image || null}
      alt={user.name ?? 'user'}
      radius={1000}
      color="blue"
      variant="filled"
      imageProps={{ referrerPolicy: 'no-referrer' }}
      {...props}
    >
      {initialOf(user.name)}
    </Avatar>
  );
}
