import { Box, Group, Radio, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod, PaymentMethodId } from '../api/get-payment-methods';
import { localized, METHOD_COLOURS } from '../payment-methods';

export interface PaymentMethodChoiceProps {
  methods: readonly PaymentMethod[];
  value: PaymentMethodId | null;
  onChange: (method: PaymentMethodId) => void;
  disabled?: boolean;
}

/**
 * The payment method: one card per enabled gateway (its name in the active language, e.g. 支付宝 /
 * Alipay, in its brand colour), a radio group that arrow keys move through; at least 48px high for a finger. Shown only when
 * there is a choice (docs/payments.md, "Gateways are a registry").
 */
export function PaymentMethodChoice({
  methods,
  value,
  onChange,
  disabled,
}: PaymentMethodChoiceProps) {
  const { t } = useTranslation('plans');
  if (methods.length < 2) return null;
  return (
    <Radio.Group
      label={t('method.payWith')}
      value={value ?? ''}
      onChange={(next) => onChange(next as PaymentMethodId)}
      name="payment-method"
    >
      <SimpleGrid cols={{ base: methods.length, xs: methods.length }} spacing="xs" mt={4}>
        {methods.map((method) => {
          const colour = METHOD_COLOURS[method.id];
          const checked = value === method.id;
          return (
            <Radio.Card
              key={method.id}
              value={method.id}
              radius="md"
              p="xs"
              mih={48}
              disabled={disabled}
              aria-label={localized(method.displayName)}
              style={{
                borderColor: checked ? colour : undefined,
                borderWidth: checked ? 2 : 1,
                opacity: disabled ? 0.6 : undefined,
              }}
            >
              <Group gap="xs" wrap="nowrap" justify="center">
                <Radio.Indicator color={colour} size="xs" />
                <Box
                  aria-hidden
                  w={10}
                  h={10}
                  style={{ borderRadius: '50%', background: colour, flex: 'none' }}
                />
                <Text fw={600} size="sm" lh={1.3} c={checked ? colour : undefined} truncate>
                  {localized(method.displayName)}
                </Text>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
