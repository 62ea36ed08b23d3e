import { Spinner } from '../../../components/Spinner';
import { Badge, Button, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../../components/server-list';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { describeError } from '../../../lib/errors';
import { formatDateTime, formatYuan } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useAdminPlans, type AdminPlan } from '../api/admin-plans';
import { EditPlan } from './EditPlan';

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

  if (query.isPending) return <Spinner label={t('loading')} />;
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
