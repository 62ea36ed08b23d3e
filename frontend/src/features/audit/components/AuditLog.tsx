import { Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListFilters } from '../../../components/ListFilters';
import { ListPageCount, ListPaginator, ListStates } from '../../../components/server-list';
import { SEARCH_DEBOUNCE_MS, usePagedSearchList } from '../../../components/use-paged-search-list';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { formatDateTime } from '../../../lib/format';
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  auditLogQueryOptions,
  type AuditEntry,
} from '../api/get-audit-log';
import { useAuditLabels } from '../../../lib/audit-labels';
import { useAuditSentence } from '../use-audit-sentence';

export { useAuditSentence };

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

/** The target filter's accepted forms (the server's audit-rules.ts TARGET_FILTER). */
const TARGET =
  /^(?:[Ss][Kk]\d{26}|[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}|[^\s@]+@[^\s@]+)$/;
/** The phone's layout: one card per entry instead of the table. */
const CARDS_QUERY = '(max-width: 47.99em)';

/** An action's label in the interface's language; an action without one shows its name. */
export function useActionLabel() {
  return useAuditLabels().action;
}

/** What happened, with its links (order, customer, seat on the customer's page). */
function Sentence({ entry }: { entry: AuditEntry }) {
  const sentence = useAuditSentence();
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {sentence(entry).map((part, i) =>
        part.href ? (
          <Anchor key={i} component={Link} to={part.href} inherit>
            {part.text}
          </Anchor>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </Text>
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

function ActionBadge({ action }: { action: string }) {
  const label = useActionLabel();
  return (
    // Never cut off: the badge grows and wraps with its label.
    <Badge
      variant="light"
      color={actionColor(action)}
      tt="none"
      styles={{
        root: { height: 'auto', maxWidth: 'none', paddingBlock: 2 },
        label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
      }}
    >
      {label(action)}
    </Badge>
  );
}

/** The phone's list: one card per entry. */
function AuditCards({ items }: { items: AuditEntry[] }) {
  const { t } = useTranslation('adminAudit');
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label={t('table')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {items.map((entry) => (
        <Card key={entry.id} component="li" withBorder padding="sm">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <ActionBadge action={entry.action} />
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.createdAt)}
              </Text>
            </Group>
            <Sentence entry={entry} />
            <ActorCell entry={entry} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** The desktop's table, dimmed while the next page loads (`stale`). */
function AuditTable({ items, stale }: { items: AuditEntry[]; stale: boolean }) {
  const { t } = useTranslation('adminAudit');
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table
        verticalSpacing="sm"
        striped
        aria-label={t('table')}
        style={{ opacity: stale ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={170}>{t('columns.time')}</Table.Th>
            <Table.Th>{t('columns.actor')}</Table.Th>
            <Table.Th>{t('columns.action')}</Table.Th>
            <Table.Th>{t('columns.details')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>
                <Text size="sm">{formatDateTime(entry.createdAt)}</Text>
              </Table.Td>
              <Table.Td maw={220}>
                <ActorCell entry={entry} />
              </Table.Td>
              <Table.Td>
                <ActionBadge action={entry.action} />
              </Table.Td>
              <Table.Td miw={280}>
                <Sentence entry={entry} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The audit log (docs/product.md, back office: a readable audit log): newest first, each entry as a
 * sentence in the interface's language with links to the order, customer or seat it touched, the actor
 * by e-mail; filtered on the server by action, actor, what it is about (a customer's e-mail, an order
 * number, a seat id) and a range of the seller's days; 20 a page; one card per entry on a phone.
 */
export function AuditLog() {
  const { t } = useTranslation('adminAudit');
  const label = useActionLabel();
  const cards = useMediaQuery(CARDS_QUERY) ?? false;
  const [action, setAction] = useState(ALL);
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [targetText, setTargetText] = useState('');
  const [debouncedTarget] = useDebouncedValue(targetText.trim(), ACTOR_DEBOUNCE_MS);
  const targetInvalid = debouncedTarget !== '' && !TARGET.test(debouncedTarget);
  const target = targetInvalid ? '' : debouncedTarget;
  // Days as days: the server reads them in the seller's time zone, as the dashboard and the orders list.
  const range = { from: fromDay, to: toDay };
  // The actor is the list's search.
  const list = usePagedSearchList(
    ({ search, page }) =>
      auditLogQueryOptions({
        action,
        actor: search,
        target,
        from: range.from,
        to: range.to,
        page,
      }),
    AUDIT_PAGE_SIZE,
  );

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
          {cards ? (
            <AuditCards items={data.items} />
          ) : (
            <AuditTable items={data.items} stale={list.query.isPlaceholderData} />
          )}
          <ListPaginator list={list} label={t('pages')} />
        </Stack>
      )}
    </ListStates>
  );

  const filtered =
    action !== ALL || fromDay !== '' || toDay !== '' || list.search !== '' || targetText !== '';
  return (
    <Stack gap="md">
      <ListFilters
        list={list}
        align="flex-start"
        fields={[
          {
            kind: 'select',
            key: 'action',
            label: t('filters.action'),
            value: action,
            onChange: setAction,
            options: [
              { value: ALL, label: t('filters.allActions') },
              ...AUDIT_ACTIONS.map((a) => ({ value: a, label: label(a) })),
            ],
            w: { base: '100%', xs: 230 },
          },
          {
            kind: 'search',
            key: 'actor',
            label: t('filters.actor'),
            placeholder: t('filters.actorPlaceholder'),
            w: { base: '100%', xs: 240 },
          },
          {
            kind: 'text',
            key: 'target',
            label: t('filters.target'),
            placeholder: t('filters.targetPlaceholder'),
            value: targetText,
            error: targetInvalid ? t('filters.targetInvalid') : undefined,
            onChange: setTargetText,
            w: { base: '100%', xs: 280 },
          },
          {
            kind: 'date',
            key: 'from',
            label: t('filters.from'),
            value: fromDay,
            onChange: setFromDay,
            w: { base: '47%', xs: 160 },
          },
          {
            kind: 'date',
            key: 'to',
            label: t('filters.to'),
            value: toDay,
            onChange: setToDay,
            w: { base: '47%', xs: 160 },
          },
        ]}
        reset={{
          label: t('filters.clear'),
          shown: filtered,
          onReset: () => {
            setAction(ALL);
            setFromDay('');
            setToDay('');
            setTargetText('');
          },
        }}
      />
      <ListPageCount list={list} one={t('count.one')} many={t('count.many')} />
      {body}
    </Stack>
  );
}
