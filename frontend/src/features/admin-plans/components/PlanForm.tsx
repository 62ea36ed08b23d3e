import {
  Alert,
  Button,
  Group,
  NumberInput,
  Stack,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { centsToYuan } from '../../../lib/format';
import type { AdminPlan } from '../api/admin-plans';
import { MAX_PRICE_CENTS, type PlanFormErrors, type PlanFormValues } from '../use-edit-plan';

/** The plan's fields: price in yuan, names, descriptions and badge in both languages, the badge's end, order, shown. */
export function PlanForm({
  plan,
  values,
  set,
  shownError,
  refusal,
  onReview,
  onCancel,
}: {
  plan: AdminPlan;
  values: PlanFormValues;
  set: <K extends keyof PlanFormValues>(key: K, value: PlanFormValues[K]) => void;
  shownError: (key: keyof PlanFormErrors) => string | null;
  refusal: ReactNode;
  onReview: (event: FormEvent) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('adminPlans');
  return (
    <form onSubmit={onReview} noValidate>
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
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit">{t('review')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
