import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MailOutboxList } from '../../features/admin-mail/components/MailOutboxList';
import { usePageTitle } from '../../lib/use-page-title';

/** The page's catalogue (src/locales/<language>/admin-mail.json), loaded with its code. */
export const namespaces = ['admin-mail'];

/** /admin/mail (docs/mail.md, "Admin"): the e-mail outbox. Guarded by RequireRole role="admin". */
export default function AdminMailPage() {
  const { t } = useTranslation('admin-mail');
  usePageTitle(t('title'));
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        <MailOutboxList />
      </Stack>
    </Container>
  );
}
