import { Badge, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  DEFAULT_BINDING_CHANGES,
  ULTRA_EXPANSION_BATCH,
  ULTRA_EXPANSION_MIN_FREE,
  ULTRA_INITIAL_SEATS,
} from '@seatkeeper/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PreloadLink } from '../../../components/PreloadLink';
import { formatPlanPrice } from '../../../lib/format';
import type { Plan } from '../../../lib/api/plans';
import { buyPath } from '../buy';
import { localized } from '../plans';

function Check() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      style={{ flexShrink: 0, marginTop: 3 }}
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

/**
 * One plan: name, tagline, price (lifetime), what it includes (the seat rules from @seatkeeper/domain),
 * and Buy, or where the plan stands for a signed-in customer.
 */
export function PricingCard({ plan, signedIn }: { plan: Plan; signedIn: boolean }) {
  const { t, i18n } = useTranslation('pricing');
  const titleId = useId();
  const name = localized(plan.names, i18n.language, plan.name);
  const badge = plan.badge ? localized(plan.badge, i18n.language, '') : '';
  const includes = [
    plan.key === 'ultra'
      ? t('seatsGrowing', {
          initial: ULTRA_INITIAL_SEATS,
          batch: ULTRA_EXPANSION_BATCH,
          minFree: ULTRA_EXPANSION_MIN_FREE,
          max: plan.seatCount,
        })
      : t('seats', { count: plan.seatCount }),
    t('bindingChanges', { count: DEFAULT_BINDING_CHANGES }),
    t('ai'),
    t('updates'),
    t('devSites'),
  ];
  const buyable = plan.state === 'purchasable';
  const upgradeDiffers =
    buyable &&
    plan.isUpgrade &&
    plan.upgradePrice !== null &&
    plan.upgradePrice !== plan.priceCents;
  const note =
    plan.state === 'current'
      ? t('current')
      : plan.state === 'included'
        ? t('included')
        : plan.state === 'unavailable'
          ? t('unavailable')
          : null;

  return (
    <Box
      component="li"
      aria-labelledby={titleId}
      bd={`${plan.isCurrent ? 2 : 1}px solid var(--mantine-color-${plan.isCurrent ? 'blue-6' : 'gray-3'})`}
      bdrs="md"
      bg="white"
      p="lg"
    >
      <Stack gap="md" h="100%">
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Title order={2} fz="xl" id={titleId}>
              {name}
            </Title>
            <Group gap={4} justify="flex-end">
              {plan.isCurrent && (
                <Badge variant="light" color="blue">
                  {t('yourPlan')}
                </Badge>
              )}
              {badge && (
                <Badge variant="light" color="red">
                  {badge}
                </Badge>
              )}
            </Group>
          </Group>
          <Text c="gray.7">{localized(plan.descriptions, i18n.language, plan.description)}</Text>
        </Stack>
        <Group gap="xs" align="baseline">
          <Text fz={36} fw={700} lh={1.1}>
            {formatPlanPrice(plan.priceCents)}
          </Text>
          <Text c="gray.7">{t('lifetime')}</Text>
        </Group>
        <Stack gap={6}>
          <Text fw={600} size="sm">
            {t('includes')}
          </Text>
          <Stack component="ul" gap={8} m={0} p={0} style={{ listStyle: 'none' }}>
            {includes.map((text) => (
              <Group component="li" key={text} gap={8} wrap="nowrap" align="flex-start" c="teal.8">
                <Check />
                <Text size="sm" c="gray.9" lh={1.5}>
                  {text}
                </Text>
              </Group>
            ))}
          </Stack>
        </Stack>
        <Stack gap={6} mt="auto" pt="xs">
          {upgradeDiffers && (
            <Text size="sm" c="blue.8" ta="center">
              {t('upgradePrice', { price: formatPlanPrice(plan.upgradePrice) })}
            </Text>
          )}
          {buyable ? (
            <Button component={PreloadLink} to={buyPath(plan.key, signedIn)} fullWidth size="md">
              {plan.isUpgrade ? t('upgrade', { plan: name }) : t('buy', { plan: name })}
            </Button>
          ) : (
            note && (
              <Text size="sm" c="gray.7" ta="center">
                {note}
              </Text>
            )
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
