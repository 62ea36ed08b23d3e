import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Centred loader for pages waiting on the session or their code. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="40vh" role="status" aria-live="polite">
      <Loader aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
