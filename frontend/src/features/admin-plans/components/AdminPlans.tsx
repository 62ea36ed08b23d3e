import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Modal,
  NumberInput,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../../components/server-list';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { describeError } from '../../../lib/errors';
import {
  formatDateTime,
  formatYuan,
  fromDateTimeLocal,
  toDateTimeLocal,
  yuanToCents,
  centsToYuan,
} from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useAdminPlans, useUpdatePlan, type AdminPlan } from '../api/admin-plans';
import { planChanges, type PlanFieldValue, type PlanFieldValues } from '../plan-changes';

/** The price ceiling the server takes (cents): ¥1,000,000.00. */
export const MAX_PRICE_CENTS = 100_000_000;

interface FormValues {
  price: number | string;
  nameZh: string;
  nameEn: string;
  descriptionZh: string;
  descriptionEn: string;
  badgeZh: string;
  badgeEn: string;
  badgeEndsAt: string;
  shown: boolean;
  sortOrder: number | string;
}

const formOf = (plan: AdminPlan): FormValues => ({
  price: centsToYuan(plan.priceCents),
  nameZh: plan.names['zh-CN'],
  nameEn: plan.names.en,
  descriptionZh: plan.descriptions['zh-CN'],
  descriptionEn: plan.descriptions.en,
  badgeZh: plan.badge?.['zh-CN'] ?? '',
  badgeEn: plan.badge?.en ?? '',
  badgeEndsAt: toDateTimeLocal(plan.badgeEndsAt),
  shown: plan.shown,
  sortOrder: plan.sortOrder,
});

/** The price in cents the form says, or null when it is not a price the server takes. */
export function priceCentsOf(price: number | string): number | null {
  // NaN (blank, negative, not a number) fails both comparisons.
  const cents = yuanToCents(price);
  return cents >= 1 && cents <= MAX_PRICE_CENTS ? cents : null;
}

/** The stored plan as the form's fields (the badge's end at the form's minute precision). */
const storedValues = (plan: AdminPlan): PlanFieldValues => ({
  price: plan.priceCents,
  nameZh: plan.names['zh-CN'],
  nameEn: plan.names.en,
  descriptionZh: plan.descriptions['zh-CN'],
  descriptionEn: plan.descriptions.en,
  badgeZh: plan.badge?.['zh-CN'] ?? null,
  badgeEn: plan.badge?.en ?? null,
  badgeEndsAt: fromDateTimeLocal(toDateTimeLocal(plan.badgeEndsAt)),
  sortOrder: plan.sortOrder,
  shown: plan.shown,
});

/**
 * The edit form of one plan, then a confirmation listing every field that changes, old → new
 * (the price always, changed or not).
 */
function EditPlan({ plan, onClose }: { plan: AdminPlan; onClose: () => void }) {
  const { t } = useTranslation('adminPlans');
  const language = useLanguage();
  const update = useUpdatePlan();
  const [values, setValues] = useState<FormValues>(() => formOf(plan));
  const [confirming, setConfirming] = useState(false);
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const cents = priceCentsOf(values.price);
  const sortOrder = Number(values.sortOrder);
  const sortValid =
    String(values.sortOrder).trim() !== '' &&
    Number.isInteger(sortOrder) &&
    sortOrder >= 0 &&
    sortOrder <= 1000;
  const errors = {
    price: cents === null ? t('invalid.price') : null,
    nameZh: values.nameZh.trim() ? null : t('invalid.name'),
    nameEn: values.nameEn.trim() ? null : t('invalid.name'),
    sortOrder: sortValid ? null : t('invalid.sortOrder'),
  };
  const valid = Object.values(errors).every((e) => e === null);
  const [touched, setTouched] = useState(false);
  const shownError = (key: keyof typeof errors) => (touched ? errors[key] : null);
  const name = language === 'en' ? plan.names.en : plan.names['zh-CN'];

  const review = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (valid) setConfirming(true);
  };
  const body = {
    priceCents: cents!,
    nameZh: values.nameZh.trim(),
    nameEn: values.nameEn.trim(),
    descriptionZh: values.descriptionZh.trim(),
    descriptionEn: values.descriptionEn.trim(),
    badgeZh: values.badgeZh.trim() || null,
    badgeEn: values.badgeEn.trim() || null,
    badgeEndsAt: fromDateTimeLocal(values.badgeEndsAt),
    shown: values.shown,
    sortOrder,
  };
  const save = () => update.mutate({ tier: plan.tier, body }, { onSuccess: onClose });
  // Every edited field but the price, which has its own line.
  const changes = planChanges(storedValues(plan), {
    ...body,
    price: body.priceCents,
  }).filter((change) => change.field !== 'price');
  const shownValue = (field: string, value: PlanFieldValue) => {
    if (field === 'shown') return value ? t('shown') : t('hidden');
    if (field === 'badgeEndsAt') return value ? formatDateTime(String(value)) : t('noEnd');
    if (value === null || value === '') return t('noBadge');
    return String(value);
  };

  const refusal = update.error ? (
    <Alert color="red" role="alert">
      {describeError(update.error, adminRequestFailed())}
    </Alert>
  ) : null;

  if (confirming)
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
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('back')}
          </Button>
          <Button onClick={save} loading={update.isPending}>
            {t('confirm')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form onSubmit={review} noValidate>
      <Stack gap="sm">
        {plan.tier === 'vip' && (
          <Alert color="gray" variant="light">
            {t('fields.vipNote')}
          </Alert>
        )}
        <NumberInput
          label={t('fields.price')}
          value={values.price}
          onChange={(v) => set('price', v)}
          decimalScale={2}
          fixedDecimalScale
          min={0.01}
          max={centsToYuan(MAX_PRICE_CENTS)}
          step={1}
          prefix="¥"
          clampBehavior="none"
          error={shownError('price')}
          required
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('fields.nameZh')}
            value={values.nameZh}
            onChange={(e) => set('nameZh', e.currentTarget.value)}
            maxLength={40}
            error={shownError('nameZh')}
            required
          />
          <TextInput
            label={t('fields.nameEn')}
            value={values.nameEn}
            onChange={(e) => set('nameEn', e.currentTarget.value)}
            maxLength={40}
            error={shownError('nameEn')}
            required
          />
        </Group>
        <Textarea
          label={t('fields.descriptionZh')}
          value={values.descriptionZh}
          onChange={(e) => set('descriptionZh', e.currentTarget.value)}
          maxLength={200}
          rows={2}
        />
        <Textarea
          label={t('fields.descriptionEn')}
          value={values.descriptionEn}
          onChange={(e) => set('descriptionEn', e.currentTarget.value)}
          maxLength={200}
          rows={2}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('fields.badgeZh')}
            value={values.badgeZh}
            onChange={(e) => set('badgeZh', e.currentTarget.value)}
            maxLength={24}
          />
          <TextInput
            label={t('fields.badgeEn')}
            value={values.badgeEn}
            onChange={(e) => set('badgeEn', e.currentTarget.value)}
            maxLength={24}
          />
        </Group>
        <TextInput
          type="datetime-local"
          label={t('fields.badgeEndsAt')}
          description={t('fields.badgeEndsAtHint')}
          value={values.badgeEndsAt}
          onChange={(e) => set('badgeEndsAt', e.currentTarget.value)}
        />
        <Group grow align="flex-end">
          <NumberInput
            label={t('fields.sortOrder')}
            value={values.sortOrder}
            onChange={(v) => set('sortOrder', v)}
            min={0}
            max={1000}
            allowDecimal={false}
            error={shownError('sortOrder')}
          />
          <Switch
            label={t('fields.shown')}
            checked={values.shown}
            onChange={(e) => set('shown', e.currentTarget.checked)}
            pb={8}
          />
        </Group>
        {refusal}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit">{t('review')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /admin/plans (docs/product.md, back office: plans and prices): the plans as customers see them, in
 * the page's order, each editable (price in yuan, names, descriptions and badge in both languages, the
 * badge's end, shown, order) with a confirmation listing every changed field, old → new.
 */
export function AdminPlans() {
  const { t } = useTranslation('adminPlans');
  const language = useLanguage();
  const query = useAdminPlans();
  const [editing, setEditing] = useState<AdminPlan | null>(null);
  const text = (l: { 'zh-CN': string; en: string }) => (language === 'en' ? l.en : l['zh-CN']);

  if (query.isPending) return <Loader size="sm" aria-label={t('loading')} />;
  if (query.isError)
    return (
      <ListError
        message={describeError(query.error, adminRequestFailed())}
        onRetry={() => void query.refetch()}
      />
    );
  const plans = query.data.plans;
  if (plans.length === 0) return <Text c="dimmed">{t('empty')}</Text>;

  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" striped aria-label={t('table')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.order')}</Table.Th>
              <Table.Th>{t('columns.plan')}</Table.Th>
              <Table.Th>{t('columns.price')}</Table.Th>
              <Table.Th>{t('columns.badge')}</Table.Th>
              <Table.Th>{t('columns.shown')}</Table.Th>
              <Table.Th>{t('columns.seats')}</Table.Th>
              <Table.Th>{t('columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plans.map((plan) => (
              <Table.Tr key={plan.tier}>
                <Table.Td>{plan.sortOrder}</Table.Td>
                <Table.Td>
                  <Text fw={600}>{text(plan.names)}</Text>
                  <Text size="xs" c="dimmed">
                    {text(plan.descriptions)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text fw={600}>{formatYuan(plan.priceCents)}</Text>
                  {!plan.buyable && (
                    <Text size="xs" c="dimmed">
                      {t('notForSale')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {plan.badge ? (
                    <Stack gap={2} align="flex-start">
                      <Badge
                        variant="light"
                        color={plan.badgeActive ? 'red' : 'gray'}
                        styles={{
                          root: { height: 'auto', maxWidth: 'none' },
                          label: { whiteSpace: 'normal' },
                        }}
                      >
                        {text(plan.badge)}
                      </Badge>
                      {plan.badgeEndsAt && (
                        <Text size="xs" c="dimmed">
                          {plan.badgeActive
                            ? t('badgeUntil', { date: formatDateTime(plan.badgeEndsAt) })
                            : t('badgeEnded', { date: formatDateTime(plan.badgeEndsAt) })}
                        </Text>
                      )}
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('noBadge')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={plan.shown ? 'teal' : 'gray'}>
                    {plan.shown ? t('shown') : t('hidden')}
                  </Badge>
                </Table.Td>
                <Table.Td>{plan.seatCount}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setEditing(plan)}
                    aria-label={`${t('edit')} ${text(plan.names)}`}
                  >
                    {t('edit')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? t('editTitle', { name: text(editing.names) }) : ''}
        size="lg"
      >
        {editing && <EditPlan key={editing.tier} plan={editing} onClose={() => setEditing(null)} />}
      </Modal>
    </>
  );
}
