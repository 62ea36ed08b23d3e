import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useDeleteVipEmail } from '../api/delete-vip-email';

/** Spec §4 Admin VIP delete: idle, pending confirm, deleting. */
export type VipDeleteState = 'idle' | 'confirming' | 'deleting';

/**
 * The two-step delete of one address (spec §2): 'delete' asks, 'confirm delete' removes it, 'cancel'
 * goes back. A failure (toasted by the mutation) returns to idle.
 */
export function VipDeleteButton({ email }: { email: string }) {
  const remove = useDeleteVipEmail();
  const [state, setState] = useState<VipDeleteState>('idle');

  if (state === 'idle') {
    return (
      <Button size="xs" variant="light" color="red" onClick={() => setState('confirming')}>
        delete
      </Button>
    );
  }
  const deleting = state === 'deleting';
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        size="xs"
        color="red"
        loading={deleting}
        onClick={() => {
          setState('deleting');
          // The list refetches before this settles, so the row is usually gone by then.
          remove.mutate(email, { onSettled: () => setState('idle') });
        }}
      >
        confirm delete
      </Button>
      <Button size="xs" variant="default" disabled={deleting} onClick={() => setState('idle')}>
        cancel
      </Button>
    </Group>
  );
}
