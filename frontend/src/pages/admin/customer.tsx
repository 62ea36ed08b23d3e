import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { CustomerDetailView } from '../../features/admin-customers/components/CustomerDetail';
import { CustomerSites } from '../../features/installs/components/CustomerSites';
import { usePageTitle } from '../../lib/use-page-title';

/** The page's catalogues (src/locales/<language>/adminCustomer.json; adminAudit for its audit entries), loaded with its code. */
export const namespaces = ['adminCustomer', 'adminAudit'];

/** /admin/customers/:userId (docs/rules.md, "Customer support"). Guarded by RequireRole role="admin". */
export default function AdminCustomerPage() {
  const { t } = useTranslation('adminCustomer');
  usePageTitle(t('title'));
  const { userId = '' } = useParams();
  return (
    <Container size="xl" py="xl">
      <CustomerDetailView key={userId} userId={userId} />
      <CustomerSites key={`sites-${userId}`} userId={userId} />
    </Container>
  );
}
