import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Receipt } from '../features/orders/components/Receipt';
import { usePageTitle } from '../lib/use-page-title';

/** The page's catalogue (src/locales/<language>/orders.json: the receipt and the status labels). */
export const namespaces = ['orders'];

/** /orders/:orderId (docs/payments.md, "Receipts"): one order's receipt, printable. Guarded by RequireSession. */
export default function ReceiptPage() {
  const { t } = useTranslation('orders');
  const { orderId = '' } = useParams();
  usePageTitle(t('receipt.pageTitle', { orderId }));
  return (
    <Container size="md" py="xl">
      <Receipt orderId={orderId} />
    </Container>
  );
}
