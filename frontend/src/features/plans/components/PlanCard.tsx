import { Badge, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n, useLanguage } from '../../../lib/i18n';
import { formatPlanPrice } from '../../../lib/format';
import type { Plan } from '../../../lib/api/plans';
import type { PlanQuote } from '../api/quote-payment';
import { seatLabel } from '../tiers';

/** What a card says instead of a buy button (docs/product.md#screens plan picker), in the active language. */
export function planNote(plan: Plan): string | null {
  if (plan.key === 'vip') return i18n.t('plans:card.vipNote');
  switch (plan.state) {
    case 'current':
      return i18n.t('plans:card.alreadyOwned');
    case 'included':
      return i18n.t('plans:card.included');
    case 'unavailable':
      return i18n.t('plans:card.unavailable');
    default:
      return null;
  }
}

export interface PlanCardProps {
  plan: Plan;
  onChoose: (plan: Plan) => void;
  /** This plan's order is being created. */
  loading: boolean;
  /** Another plan's order is being created. */
  disabled: boolean;
  /** The applied promo code's quote for this plan, if a code is applied. */
  quote?: PlanQuote;
  /** Chosen before the picker opened (the pricing page's Buy): marked, and its button takes the focus. */
  preselected?: boolean;
}

/** The price after an applied code: the list price struck through, the amount due, the deductions. */
function QuotedPrice({ plan, quote }: { plan: Plan; quote: PlanQuote }) {
  const { t } = useTranslation('plans');
  if ('error' in quote) {
    return (
      <>
        <Group gap="xs" align="baseline">
          <Text fz={28} fw={700} lh={1.2}>
            {formatPlanPrice(plan.priceCents)}
          </Text>
          <Text size="sm" c="dimmed">
            {t('card.lifetime')}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {quote.error}
        </Text>
      </>
    );
  }
  const q = quote.quote;
  return (
    <>
      <Group gap="xs" align="baseline" aria-label={t('card.quoted')} role="group">
        <Text component="del" size="md" c="dimmed">
          <VisuallyHidden>{`${t('card.listPrice')} `}</VisuallyHidden>
          {formatPlanPrice(q.targetPrice)}
        </Text>
        <Text fz={28} fw={700} lh={1.2} c="teal.8">
          <VisuallyHidden>{`${t('card.amountDue')} `}</VisuallyHidden>
          {formatPlanPrice(q.amount)}
        </Text>
        <Text size="sm" c="dimmed">
          {t('card.lifetime')}
        </Text>
      </Group>
      <Stack gap={0}>
        {q.originalPrice > 0 && (
          <Text size="xs" c="dimmed">
            {t('card.deduction', { amount: formatPlanPrice(-q.originalPrice) })}
          </Text>
        )}
        <Text size="xs" c="teal.8">
          {t('card.promo', { code: q.discountCode, amount: formatPlanPrice(-q.discountAmount) })}
        </Text>
      </Stack>
    </>
  );
}

/**
 * One plan: name, tagline, price, seats, badges, and 'scan to pay' / 'scan to upgrade' or a note; 'get it
 * free' / 'upgrade for free' when the applied code brings the amount due to ¥0.
 */
export function PlanCard({
  plan,
  onChoose,
  loading,
  disabled,
  quote,
  preselected = false,
}: PlanCardProps) {
  const { t } = useTranslation('plans');
  // Name, description and badge as the seller set them, in the interface's language (admin plans).
  const language = useLanguage();
  const name = plan.names?.[language] ?? plan.name;
  const description = plan.descriptions?.[language] ?? plan.description;
  const badge = plan.badge?.[language] ?? null;
  const titleId = useId();
  const note = planNote(plan);
  const buyable = plan.state === 'purchasable' && plan.key !== 'vip';
  const upgradeDiffers =
    plan.isUpgrade && plan.upgradePrice !== null && plan.upgradePrice !== plan.priceCents;
  // The applied code covers the whole price: no QR code to scan, the order is free (docs/payments.md).
  const free = Boolean(quote && 'quote' in quote && quote.quote.amount === 0);
  const buyLabel = free
    ? t(plan.isUpgrade ? 'card.upgradeFree' : 'card.getFree')
    : t(plan.isUpgrade ? 'card.scanToUpgrade' : 'card.scanToPay');
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-labelledby={titleId}
      data-preselected={preselected || undefined}
      style={
        plan.isCurrent || preselected
          ? { borderColor: 'var(--mantine-color-blue-6)', borderWidth: preselected ? 2 : undefined }
          : undefined
      }
    >
      <Stack gap="xs" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Title order={3} fz="lg" id={titleId}>
            {name}
          </Title>
          <Group gap={4} justify="flex-end">
            {plan.isCurrent && (
              <Badge variant="light" color="blue">
                {t('card.currentPlan')}
              </Badge>
            )}
            {badge && (
              <Badge
                variant="light"
                color="red"
                styles={{
                  root: { height: 'auto', maxWidth: 'none' },
                  label: { whiteSpace: 'normal' },
                }}
              >
                {badge}
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {buyable && quote ? (
          <QuotedPrice plan={plan} quote={quote} />
        ) : (
          <Group gap="xs" align="baseline">
            <Text fz={28} fw={700} lh={1.2}>
              {formatPlanPrice(plan.priceCents)}
            </Text>
            <Text size="sm" c="dimmed">
              {t('card.lifetime')}
            </Text>
          </Group>
        )}
        <Text size="sm">{seatLabel(plan.key, plan.seatCount)}</Text>
        {buyable && upgradeDiffers && !(quote && 'quote' in quote) && (
          <Text size="sm" c="blue.8">
            {t('card.upgradePrice', { price: formatPlanPrice(plan.upgradePrice) })}
          </Text>
        )}
        <Stack gap={0} mt="auto" pt="xs">
          {buyable ? (
            <Button
              fullWidth
              onClick={() => onChoose(plan)}
              data-autofocus={preselected || undefined}
              loading={loading}
              disabled={disabled && !loading}
            >
              {buyLabel}
            </Button>
          ) : (
            note && (
              <Text size="sm" c="dimmed" ta="center">
                {note}
              </Text>
            )
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
