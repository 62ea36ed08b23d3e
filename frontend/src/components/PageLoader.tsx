import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Centred loader for pages waiting on the session or their code. */
export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Center mih="40vh" role="status" aria-live="polite">
      <Loader aria-hidden />
      <VisuallyHidden>{label ?? t('loading')}</VisuallyHidden>
    </Center>
  );
}
