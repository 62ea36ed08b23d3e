import { Spinner } from '../../../components/Spinner';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api/client';

/**
 * The customer's ways in (docs/sign-in.md): Google, WeChat and the e-mail code, linked or not, and whether
 * the account still awaits an e-mail address (made by WeChat: cannot pay yet). Read only.
 */
export function CustomerWaysIn({ userId }: { userId: string }) {
  const { t } = useTranslation('adminCustomer');
  const ways = useQuery({
    queryKey: ['admin', 'customers', userId, 'ways-in'],
    queryFn: ({ signal }) =>
      api.GET('/api/admin/customers/{userId}/ways-in', { params: { path: { userId } }, signal }),
    meta: { silent: true },
  });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('waysIn.heading')}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('waysIn.heading')}
        </Title>
        {ways.isPending ? (
          <Spinner label={t('waysIn.loading')} size="xs" />
        ) : ways.isError || !Array.isArray(ways.data.ways) ? (
          <Text size="sm" c="red.9" role="alert">
            {t('waysIn.failed')}
          </Text>
        ) : (
          <>
            {ways.data.awaitingEmail && (
              <Text size="sm" c="orange.9">
                {t('waysIn.awaitingEmail')}
              </Text>
            )}
            <Group gap="md" wrap="wrap">
              {ways.data.ways.map((w) => (
                <Group key={w.way} gap={6} wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {t(`waysIn.names.${w.way}`)}
                  </Text>
                  <Badge variant="light" color={w.linked ? 'teal' : 'gray'}>
                    {w.linked ? t('waysIn.on') : t('waysIn.off')}
                  </Badge>
                  {w.linked && w.label && (
                    <Text size="xs" c="gray.8">
                      {w.label}
                    </Text>
                  )}
                </Group>
              ))}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
