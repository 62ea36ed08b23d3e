import { Button, Group, List, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatYuan } from '../../../lib/format';
import type { AdminPlan } from '../api/admin-plans';
import type { PlanChange, PlanFieldValue } from '../plan-changes';

/** The confirmation of a plan's edit: the price (changed or not), then every changed field, old → new. */
export function PlanChangesConfirm({
  plan,
  name,
  cents,
  changes,
  refusal,
  saving,
  onBack,
  onConfirm,
}: {
  plan: AdminPlan;
  /** The plan's name in the interface's language. */
  name: string;
  /** The new price (cents). */
  cents: number | null;
  changes: PlanChange[];
  refusal: ReactNode;
  saving: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('adminPlans');
  const shownValue = (field: string, value: PlanFieldValue) => {
    if (field === 'shown') return value ? t('shown') : t('hidden');
    if (field === 'badgeEndsAt') return value ? formatDateTime(String(value)) : t('noEnd');
    if (value === null || value === '') return t('noBadge');
    return String(value);
  };
  return (
    <Stack gap="sm">
      <Text fw={600} id="plan-changes-title">
        {t('confirmTitle', { name })}
      </Text>
      <List aria-labelledby="plan-changes-title" spacing={4} data-testid="plan-changes">
        <List.Item data-testid="price-change">
          {cents === plan.priceCents
            ? t('priceSame', { price: formatYuan(plan.priceCents) })
            : t('priceChange', { from: formatYuan(plan.priceCents), to: formatYuan(cents) })}
        </List.Item>
        {changes.map(({ field, from, to }) => (
          <List.Item key={field} style={{ overflowWrap: 'anywhere' }}>
            {t('fieldChange', {
              field: t(`fields.${field}`),
              from: shownValue(field, from),
              to: shownValue(field, to),
            })}
          </List.Item>
        ))}
      </List>
      {changes.length === 0 && <Text size="sm">{t('nothingElse')}</Text>}
      <Text size="sm" c="dimmed">
        {t('confirmNote')}
      </Text>
      {refusal}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          {t('back')}
        </Button>
        <Button onClick={onConfirm} loading={saving}>
          {t('confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
