import { Container } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { Receipt } from '../features/orders/components/Receipt';
import { usePageTitle } from '../lib/use-page-title';

/** /orders/:orderId (docs/payments.md, "Receipts"): one order's receipt, printable. Guarded by RequireSession. */
export default function ReceiptPage() {
  const { orderId = '' } = useParams();
  usePageTitle(`Receipt ${orderId}`);
  return (
    <Container size="md" py="xl">
      <Receipt orderId={orderId} />
    </Container>
  );
}
