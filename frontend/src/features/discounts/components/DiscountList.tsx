import { Button, Center, Group, Loader, Table, Text } from '@mantine/core';
import { tierName } from '@seatkeeper/domain';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { LoadError } from '../../../components/LoadError';
import { ADMIN_REQUEST_FAILED } from '../../../lib/admin-errors';
import { formatYuan } from '../../../lib/format';
import { useDeleteDiscount } from '../api/delete-discount';
import { useDiscounts, type Discount } from '../api/get-discounts';
import { usageLabel, validityLabel } from '../discount-rules';

export const NO_DISCOUNTS = 'no discount codes yet';

function DeleteAction({ discount, onDeleted }: { discount: Discount; onDeleted: () => void }) {
  const remove = useDeleteDiscount();
  return (
    <ConfirmButton
      label="delete"
      confirmLabel="confirm delete"
      onConfirm={() => remove.mutateAsync(discount.id).then(onDeleted)}
    />
  );
}

export interface DiscountListProps {
  editingId: string | null;
  onEdit: (discount: Discount) => void;
  /** A discount was deleted (the form drops it if it was being edited). */
  onDeleted: (discount: Discount) => void;
}

/** docs/product.md#screens: code, tier, amount, validity, usage, edit and a confirmed delete. */
export function DiscountList({ editingId, onEdit, onDeleted }: DiscountListProps) {
  const query = useDiscounts();
  if (query.isPending) {
    return (
      <Center py="lg" role="status">
        <Loader size="sm" aria-label="loading discount codes" />
      </Center>
    );
  }
  if (query.isError && !query.data)
    return <LoadError error={query.error} fallback={ADMIN_REQUEST_FAILED} />;
  const discounts = query.data ?? [];
  if (discounts.length === 0) return <Text c="dimmed">{NO_DISCOUNTS}</Text>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" striped highlightOnHover aria-label="discount codes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>code</Table.Th>
            <Table.Th>tier</Table.Th>
            <Table.Th>amount</Table.Th>
            <Table.Th>validity</Table.Th>
            <Table.Th>usage</Table.Th>
            <Table.Th>actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {discounts.map((discount) => (
            <Table.Tr key={discount.id} bg={discount.id === editingId ? 'blue.0' : undefined}>
              <Table.Td>
                <Text size="sm" ff="monospace" fw={600}>
                  {discount.code}
                </Text>
              </Table.Td>
              <Table.Td>{tierName(discount.tier)}</Table.Td>
              <Table.Td>{formatYuan(discount.discountAmount)}</Table.Td>
              <Table.Td>
                <Text size="sm">{validityLabel(discount)}</Text>
              </Table.Td>
              <Table.Td>{usageLabel(discount)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button size="xs" variant="default" onClick={() => onEdit(discount)}>
                    edit
                  </Button>
                  <DeleteAction discount={discount} onDeleted={() => onDeleted(discount)} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
