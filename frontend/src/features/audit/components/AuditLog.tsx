import {
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  ListPageCount,
  ListSearchInput,
  ListPaginator,
  ListStates,
} from '../../../components/server-list';
import { SEARCH_DEBOUNCE_MS, usePagedSearchList } from '../../../components/use-paged-search-list';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { formatDateTime } from '../../../lib/format';
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  auditLogQueryOptions,
  type AuditEntry,
} from '../api/get-audit-log';
import { auditChanges, customerIdOf, dayRange, fullSnapshot } from '../audit-format';
import { useAuditLabels } from '../audit-labels';

export const ACTOR_DEBOUNCE_MS = SEARCH_DEBOUNCE_MS;
const ALL = '';

const actionColor = (action: string) =>
  action.startsWith('order.') || action.startsWith('plan.') || action === 'customer.grant_plan'
    ? 'orange'
    : action.startsWith('vip.')
      ? 'grape'
      : action.startsWith('license.')
        ? 'blue'
        : action.startsWith('discount.')
          ? 'teal'
          : 'gray';

/** The admin's filter for orders, as /admin/orders reads it (?q=). */
export const orderLink = (orderNumber: string) =>
  `/admin/orders?q=${encodeURIComponent(orderNumber)}`;
export const customerLink = (userId: string) => `/admin/customers/${encodeURIComponent(userId)}`;

/** An action's label in the interface's language; an action without one shows its name. */
export function useActionLabel() {
  return useAuditLabels().action;
}

/** The compact before → after of one entry (money in yuan), with the full snapshots on hover. */
function ChangeCell({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0)
    return (
      <Text size="xs" c="dimmed">
        -
      </Text>
    );
  return (
    <Stack gap={2} title={fullSnapshot(entry.before, entry.after)}>
      {changes.map((change) => (
        <Text key={change.key || 'value'} size="xs" style={{ wordBreak: 'break-all' }}>
          {change.key && <Code>{change.key}</Code>} {change.from} → {change.to}
        </Text>
      ))}
    </Stack>
  );
}

/** Who acted: an e-mail when there is one, else the system, the customer or the payment gateway by name. */
function ActorCell({ entry }: { entry: AuditEntry }) {
  const labels = useAuditLabels();
  const text = labels.actor(entry.actor, entry.actorEmail);
  if (entry.actorEmail)
    return (
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {text}
      </Text>
    );
  return (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
}

/** The target, with links to the customer and the order it is about. */
function TargetCell({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('adminAudit');
  const labels = useAuditLabels();
  const customerId = entry.customerId ?? customerIdOf(entry);
  return (
    <Stack gap={2}>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {labels.target(entry)}
      </Text>
      <Group gap="xs">
        {entry.orderNumber && (
          <Anchor component={Link} to={orderLink(entry.orderNumber)} size="xs">
            {t('links.order', { orderNumber: entry.orderNumber })}
          </Anchor>
        )}
        {customerId && (
          <Anchor
            component={Link}
            to={customerLink(customerId)}
            size="xs"
            style={{ wordBreak: 'break-all' }}
          >
            {entry.customerEmail ?? t('links.customer')}
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}

/**
 * The audit log (docs/product.md, back office: a readable audit log): newest first, each action by its
 * label in the interface's language, money in yuan, the actor by e-mail, links to the customer and the
 * order; filtered on the server by action, actor and a range of local days; 20 a page.
 */
export function AuditLog() {
  const { t } = useTranslation('adminAudit');
  const label = useActionLabel();
  const [action, setAction] = useState(ALL);
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const range = dayRange(fromDay, toDay);
  // The actor is the list's search.
  const list = usePagedSearchList(
    ({ search, page }) =>
      auditLogQueryOptions({ action, actor: search, from: range.from, to: range.to, page }),
    AUDIT_PAGE_SIZE,
  );
  const changed = (set: (value: string) => void) => (value: string) => {
    set(value);
    list.resetPage();
  };

  const body = (
    <ListStates
      list={list}
      loading={t('loading')}
      fallback={adminRequestFailed()}
      empty={t('empty')}
      items={(data) => data.items}
    >
      {(data) => (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={900}>
            <Table
              verticalSpacing="sm"
              striped
              aria-label={t('table')}
              style={{ opacity: list.query.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={170}>{t('columns.time')}</Table.Th>
                  <Table.Th>{t('columns.actor')}</Table.Th>
                  <Table.Th>{t('columns.action')}</Table.Th>
                  <Table.Th>{t('columns.target')}</Table.Th>
                  <Table.Th>{t('columns.change')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(entry.createdAt)}</Text>
                    </Table.Td>
                    <Table.Td maw={220}>
                      <ActorCell entry={entry} />
                    </Table.Td>
                    <Table.Td>
                      {/* Never cut off: the badge grows and wraps with its label. */}
                      <Badge
                        variant="light"
                        color={actionColor(entry.action)}
                        tt="none"
                        title={entry.action}
                        styles={{
                          root: { height: 'auto', maxWidth: 'none', paddingBlock: 2 },
                          label: {
                            whiteSpace: 'normal',
                            overflow: 'visible',
                            textOverflow: 'clip',
                          },
                        }}
                      >
                        {label(entry.action)}
                      </Badge>
                    </Table.Td>
                    <Table.Td maw={260}>
                      <TargetCell entry={entry} />
                    </Table.Td>
                    <Table.Td maw={360}>
                      <ChangeCell entry={entry} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPaginator list={list} label={t('pages')} />
        </Stack>
      )}
    </ListStates>
  );

  const filtered = action !== ALL || fromDay !== '' || toDay !== '' || list.search !== '';
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label={t('filters.action')}
          value={action}
          onChange={(event) => changed(setAction)(event.currentTarget.value)}
          data={[
            { value: ALL, label: t('filters.allActions') },
            ...AUDIT_ACTIONS.map((a) => ({ value: a, label: label(a) })),
          ]}
          w={230}
        />
        <ListSearchInput
          list={list}
          label={t('filters.actor')}
          placeholder={t('filters.actorPlaceholder')}
          w={240}
        />
        <TextInput
          type="date"
          label={t('filters.from')}
          value={fromDay}
          onChange={(e) => changed(setFromDay)(e.currentTarget.value)}
          w={160}
        />
        <TextInput
          type="date"
          label={t('filters.to')}
          value={toDay}
          onChange={(e) => changed(setToDay)(e.currentTarget.value)}
          w={160}
        />
        {filtered && (
          <Button
            variant="subtle"
            onClick={() => {
              setAction(ALL);
              setFromDay('');
              setToDay('');
              list.changeSearch('');
              list.resetPage();
            }}
          >
            {t('filters.clear')}
          </Button>
        )}
        <ListPageCount list={list} one={t('count.one')} many={t('count.many')} />
      </Group>
      {body}
    </Stack>
  );
}
