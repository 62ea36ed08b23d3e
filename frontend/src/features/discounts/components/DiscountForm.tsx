import '../../../styles/full';
import {
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { TIER_NAMES } from '@seatkeeper/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../lib/format';
import { adminPlansQueryOptions } from '../../../lib/api/admin-plans';
import { useSaveDiscount, type SaveDiscountBody } from '../api/save-discount';
import type { Discount } from '../api/get-discounts';
import {
  ALL_PLANS,
  DISCOUNT_TIERS,
  discountBody,
  discountFormRules,
  EMPTY_DISCOUNT_FORM,
  formValuesOf,
  nextPlans,
  plansGivenAway,
  type DiscountFormValues,
  type PlanGivenAway,
} from '../discount-rules';

export interface DiscountFormProps {
  /** The discount being edited, or null for a new one. The parent remounts the form to load another. */
  discount: Discount | null;
  /** 'new discount': start over with an empty form. */
  onNew: () => void;
  /** Saved: the parent starts a new form. */
  onSaved: () => void;
}

/** A code about to be saved that makes plans free: the seller confirms or goes back to the form. */
interface GiveAway {
  body: SaveDiscountBody;
  plans: PlanGivenAway[];
}

/**
 * The confirmation before saving a code that takes a plan's whole price away (docs/rules.md, "Discount
 * codes"): it names the plans, at the prices the seller set, and says customers get them free.
 */
function GiveAwayDialog({
  giveAway,
  saving,
  onBack,
  onConfirm,
}: {
  giveAway: GiveAway | null;
  saving: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('adminDiscounts');
  const plans = giveAway?.plans ?? [];
  const names = plans.map(({ tier }) => TIER_NAMES[tier]).join(t('plans.separator'));
  return (
    <Modal opened={giveAway !== null} onClose={onBack} title={t('giveAway.title')} centered>
      <Stack gap="md">
        <Text size="sm">
          {t('giveAway.text', { code: giveAway?.body.code ?? '', plans: names })}
        </Text>
        <List size="sm" aria-label={t('giveAway.plans')}>
          {plans.map(({ tier, priceCents }) => (
            <List.Item key={tier}>
              {priceCents > 0
                ? t('giveAway.plan', { plan: TIER_NAMES[tier], price: formatYuan(priceCents) })
                : TIER_NAMES[tier]}
            </List.Item>
          ))}
        </List>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onBack} data-autofocus>
            {t('giveAway.back')}
          </Button>
          <Button color="red" loading={saving} onClick={onConfirm}>
            {t('giveAway.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * docs/product.md#screens, #validation: code, kind (yuan off or a whole percentage 1–100 off), the plans
 * it is for (some, or all plans), optional start and end, usage limit, once per customer. A code that
 * would make a plan free asks first (GiveAwayDialog).
 */
export function DiscountForm({ discount, onNew, onSaved }: DiscountFormProps) {
  const { t } = useTranslation('adminDiscounts');
  const save = useSaveDiscount();
  // The seller's prices, for the give-away warning only: a failure is no toast here (without prices a
  // 100 % code still warns, see plansGivenAway).
  const adminPlans = useQuery({ ...adminPlansQueryOptions(), meta: { silent: true } });
  const [giveAway, setGiveAway] = useState<GiveAway | null>(null);
  const form = useForm<DiscountFormValues>({
    mode: 'controlled',
    initialValues: discount ? formValuesOf(discount) : EMPTY_DISCOUNT_FORM,
    validate: discountFormRules,
  });

  const send = (body: SaveDiscountBody) =>
    save.mutate(body, { onSuccess: onSaved, onSettled: () => setGiveAway(null) });

  const submit = form.onSubmit((values) => {
    const body = discountBody(values);
    const prices = Object.fromEntries(
      (adminPlans.data?.plans ?? []).map((plan) => [plan.tier, plan.priceCents]),
    );
    const plans = plansGivenAway(body, prices);
    if (plans.length > 0) setGiveAway({ body, plans });
    else send(body);
  });

  const percent = form.values.kind === 'percent';
  const plansInput = form.getInputProps('plans');

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
            <TextInput
              label={t('form.code')}
              required
              autoComplete="off"
              {...form.getInputProps('code')}
            />
            <Radio.Group label={t('form.kind')} {...form.getInputProps('kind')}>
              <Group gap="md" mt={6}>
                <Radio value="amount" label={t('form.kindAmount')} />
                <Radio value="percent" label={t('form.kindPercent')} />
              </Group>
            </Radio.Group>
            {percent ? (
              <NumberInput
                key="percent"
                label={t('form.percent')}
                description={t('form.percentHint')}
                required
                allowDecimal={false}
                allowNegative={false}
                hideControls
                suffix="%"
                {...form.getInputProps('percentOff')}
              />
            ) : (
              <NumberInput
                key="amount"
                label={t('form.amount')}
                required
                decimalScale={2}
                hideControls
                {...form.getInputProps('amountYuan')}
              />
            )}
            <NumberInput
              label={t('form.usageLimit')}
              description={t('form.usageLimitHint')}
              allowDecimal={false}
              hideControls
              {...form.getInputProps('usageLimit')}
            />
            <Checkbox.Group
              label={t('form.plans')}
              description={t('form.plansHint')}
              required
              value={form.values.plans}
              error={plansInput.error}
              onChange={(next) => form.setFieldValue('plans', nextPlans(form.values.plans, next))}
            >
              <Group gap="md" mt={6}>
                <Checkbox value={ALL_PLANS} label={t('plans.all')} />
                {DISCOUNT_TIERS.map((tier) => (
                  <Checkbox key={tier} value={tier} label={TIER_NAMES[tier]} />
                ))}
              </Group>
            </Checkbox.Group>
            <Switch
              label={t('form.oncePerCustomer')}
              description={t('form.oncePerCustomerHint')}
              mt={{ base: 0, sm: 'lg' }}
              {...form.getInputProps('oncePerCustomer', { type: 'checkbox' })}
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
            <Button type="submit" loading={save.isPending && giveAway === null}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <GiveAwayDialog
        giveAway={giveAway}
        saving={save.isPending}
        onBack={() => setGiveAway(null)}
        onConfirm={() => giveAway && send(giveAway.body)}
      />
    </Paper>
  );
}
