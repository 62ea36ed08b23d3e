import { Spinner } from '../../../components/Spinner';
import { Badge, Button, Center, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { LoadError } from '../../../components/LoadError';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { useDeleteDiscount } from '../api/delete-discount';
import { useDiscounts, type Discount } from '../api/get-discounts';
import { plansLabel, reductionLabel, usageLabel, validityLabel } from '../discount-rules';

function DeleteAction({ discount, onDeleted }: { discount: Discount; onDeleted: () => void }) {
  const { t } = useTranslation('adminDiscounts');
  const remove = useDeleteDiscount();
  return (
    <ConfirmButton
      label={t('list.delete')}
      confirmLabel={t('list.confirmDelete')}
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

/**
 * docs/product.md#screens: code, plans (or all plans), reduction (¥x off or y% off), validity, usage and
 * once per customer, edit and a confirmed delete.
 */
export function DiscountList({ editingId, onEdit, onDeleted }: DiscountListProps) {
  const { t } = useTranslation('adminDiscounts');
  const query = useDiscounts();
  if (query.isPending) {
    return (
      <Center py="lg" role="status">
        <Spinner label={t('list.loading')} inStatus />
      </Center>
    );
  }
  if (query.isError && !query.data)
    return <LoadError error={query.error} fallback={adminRequestFailed()} />;
  const discounts = query.data ?? [];
  if (discounts.length === 0) return <Text c="dimmed">{t('list.empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" striped highlightOnHover aria-label={t('list.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.code')}</Table.Th>
            <Table.Th>{t('list.tier')}</Table.Th>
            <Table.Th>{t('list.amount')}</Table.Th>
            <Table.Th>{t('list.validity')}</Table.Th>
            <Table.Th>{t('list.usage')}</Table.Th>
            <Table.Th>{t('list.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {discounts.map((discount) => (
            <Table.Tr key={discount.id} bg={discount.id === editingId ? 'blue.0' : undefined}>
              <Table.Td>
                {/* A code is typed as it is, in any language: not for translation (nor a translator's). */}
                <Text size="sm" ff="monospace" fw={600} translate="no">
                  {discount.code}
                </Text>
              </Table.Td>
              <Table.Td>{plansLabel(discount)}</Table.Td>
              <Table.Td>{reductionLabel(discount)}</Table.Td>
              <Table.Td>
                <Text size="sm">{validityLabel(discount)}</Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <Text size="sm">{usageLabel(discount)}</Text>
                  {discount.oncePerCustomer && (
                    <Badge variant="light" color="gray" size="sm">
                      {t('list.oncePerCustomer')}
                    </Badge>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button size="xs" variant="default" onClick={() => onEdit(discount)}>
                    {t('list.edit')}
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
