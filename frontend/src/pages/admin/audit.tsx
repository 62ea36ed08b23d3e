import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AuditLog } from '../../features/audit/components/AuditLog';
import { usePageTitle } from '../../lib/use-page-title';

/** The page's catalogue (src/locales/<language>/adminAudit.json), loaded with its code. */
export const namespaces = ['adminAudit'];

/** /admin/audit (docs/product.md, back office: a readable audit log). Guarded by RequireRole role="admin". */
export default function AuditPage() {
  const { t } = useTranslation('adminAudit');
  usePageTitle(t('title'));
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        <AuditLog />
      </Stack>
    </Container>
  );
}
