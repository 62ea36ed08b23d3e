import {
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { TIER_NAMES } from '@seatkeeper/domain';
import { useTranslation } from 'react-i18next';
import { useSaveDiscount } from '../api/save-discount';
import type { Discount } from '../api/get-discounts';
import {
  DISCOUNT_TIERS,
  discountBody,
  discountFormRules,
  EMPTY_DISCOUNT_FORM,
  formValuesOf,
  type DiscountFormValues,
} from '../discount-rules';

export interface DiscountFormProps {
  /** The discount being edited, or null for a new one. The parent remounts the form to load another. */
  discount: Discount | null;
  /** 'new discount': start over with an empty form. */
  onNew: () => void;
  /** Saved: the parent starts a new form. */
  onSaved: () => void;
}

/** docs/product.md#screens, #validation: tier (no vip), code, reduction in yuan, optional start and end, usage limit. */
export function DiscountForm({ discount, onNew, onSaved }: DiscountFormProps) {
  const { t } = useTranslation('adminDiscounts');
  const save = useSaveDiscount();
  const form = useForm<DiscountFormValues>({
    mode: 'controlled',
    initialValues: discount ? formValuesOf(discount) : EMPTY_DISCOUNT_FORM,
    validate: discountFormRules,
  });

  const submit = form.onSubmit((values) =>
    save.mutate(discountBody(values), { onSuccess: onSaved }),
  );

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="discount-form-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="lg" id="discount-form-title">
              {discount ? t('form.titleEdit', { code: discount.code }) : t('form.titleNew')}
            </Title>
            <Button variant="default" size="xs" onClick={onNew}>
              {t('form.new')}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelect
              label={t('form.tier')}
              data={DISCOUNT_TIERS.map((tier) => ({ value: tier, label: TIER_NAMES[tier] }))}
              {...form.getInputProps('tier')}
            />
            <TextInput
              label={t('form.code')}
              required
              autoComplete="off"
              {...form.getInputProps('code')}
            />
            <NumberInput
              label={t('form.amount')}
              required
              decimalScale={2}
              hideControls
              {...form.getInputProps('amountYuan')}
            />
            <NumberInput
              label={t('form.usageLimit')}
              description={t('form.usageLimitHint')}
              allowDecimal={false}
              hideControls
              {...form.getInputProps('usageLimit')}
            />
            <TextInput
              type="datetime-local"
              label={t('form.startsAt')}
              description={t('form.startsAtHint')}
              {...form.getInputProps('startsAt')}
            />
            <TextInput
              type="datetime-local"
              label={t('form.expiresAt')}
              description={t('form.expiresAtHint')}
              {...form.getInputProps('expiresAt')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
