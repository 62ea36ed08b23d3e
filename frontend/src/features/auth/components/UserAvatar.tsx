import { Box } from '@mantine/core';
import { useState } from 'react';
import type { SessionUser } from '../../../lib/session';

/** First letter of the name, upper-cased, or 'U'. */
function initialOf(name: string | null | undefined): string {
  const first = Array.from(name?.trim() ?? '')[0];
  return first ? first.toUpperCase() : 'U';
}

/**
 * The user's picture, or else their initial in a circle (also when the picture fails to load), in the
 * primary colour. Drawn with a Box rather than Mantine's Avatar: the header shows it on every signed-in
 * page before the user menu's code has loaded (app/layout/AppHeader.tsx), and the menu and the profile
 * show the same one.
 */
export function UserAvatar({
  user,
  size = 38,
}: {
  user: Pick<SessionUser, 'name' | 'image'>;
  /** The circle's diameter in pixels (Mantine Avatar's md by default). */
  size?: number;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <Box
      w={size}
      h={size}
      bg="blue.8"
      c="white"
      fw={700}
      fz={size / 2.5}
      style={{ borderRadius: '50%', display: 'grid', placeItems: 'center', overflow: 'hidden' }}
    >
      {user.image && !broken ? (
        <img
          src={user.image}
          alt={user.name ?? ''}
          width={size}
          height={size}
          style={{ objectFit: 'cover' }}
          referrerPolicy="no-referrer"
          onError={() => setBroken(true)}
        />
      ) : (
        initialOf(user.name)
      )}
    </Box>
  );
}
