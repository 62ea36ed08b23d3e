import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Licence } from '../../licenses/api/get-licenses';
import { AiConfigModal, aiConfigTitle } from './AiConfigModal';

/** The seat table's settings cell: opens the seat's AI config modal (not for an expired seat). */
export function AiSettingsButton({ licence }: { licence: Licence }) {
  const [opened, { open, close }] = useDisclosure(false);
  const expired = licence.status === 'expired';
  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        onClick={open}
        disabled={expired}
        aria-label={aiConfigTitle(licence)}
        title={expired ? 'this licence has expired' : undefined}
      >
        AI settings
      </Button>
      <AiConfigModal licence={licence} opened={opened} onClose={close} />
    </>
  );
}
