import { Container, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Discount } from '../../features/discounts/api/get-discounts';
import { DiscountForm } from '../../features/discounts/components/DiscountForm';
import { DiscountList } from '../../features/discounts/components/DiscountList';
import { usePageTitle } from '../../lib/use-page-title';

/** The page's catalogue (src/locales/<language>/adminDiscounts.json), loaded with its code. */
export const namespaces = ['adminDiscounts'];

/**
 * /admin/subscriptions/discounts (docs/product.md#screens Admin routes): the discount codes and their form. Editing
 * loads a code into the form; 'new discount', a save, or deleting the code being edited start over.
 * Guarded by RequireRole role="admin".
 */
export default function DiscountsPage() {
  const { t } = useTranslation('adminDiscounts');
  usePageTitle(t('title'));
  // The form remounts with each change (version), so it always starts from the chosen values.
  const [editing, setEditing] = useState<{ discount: Discount | null; version: number }>({
    discount: null,
    version: 0,
  });
  const load = (discount: Discount | null) =>
    setEditing((current) => ({ discount, version: current.version + 1 }));

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('title')}</Title>
        <DiscountForm
          key={editing.version}
          discount={editing.discount}
          onNew={() => load(null)}
          onSaved={() => load(null)}
        />
        <Paper withBorder radius="md" p="lg">
          <DiscountList
            editingId={editing.discount?.id ?? null}
            onEdit={load}
            onDeleted={(discount) => {
              if (editing.discount?.id === discount.id) load(null);
            }}
          />
        </Paper>
      </Stack>
    </Container>
  );
}
