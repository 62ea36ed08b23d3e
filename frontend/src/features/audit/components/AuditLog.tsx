import { Anchor, Badge, Code, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useState } from 'react';
import {
  ListPageCount,
  ListSearchInput,
  ListPaginator,
  ListStates,
} from '../../../components/server-list';
import { SEARCH_DEBOUNCE_MS, usePagedSearchList } from '../../../components/use-paged-search-list';
import { ADMIN_REQUEST_FAILED } from '../../../lib/admin-errors';
import { formatDateTime } from '../../../lib/format';
import {
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  auditLogQueryOptions,
  type AuditEntry,
} from '../api/get-audit-log';
import { auditChanges, customerIdOf, fullSnapshot } from '../audit-format';

export const ACTOR_DEBOUNCE_MS = SEARCH_DEBOUNCE_MS;
export const NO_ENTRIES = 'no audit entries';
const ALL = '';

const actionColor = (action: string) =>
  action.startsWith('vip.')
    ? 'grape'
    : action.startsWith('license.')
      ? 'blue'
      : action.startsWith('discount.')
        ? 'teal'
        : 'gray';

/** The compact before → after of one entry, with the full snapshots on hover. */
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

/**
 * The audit log (beyond the spec): admin changes and automatic grants, newest first, filtered by action
 * and actor on the server, 20 a page.
 */
export function AuditLog() {
  const [action, setAction] = useState(ALL);
  // The actor is the list's search.
  const list = usePagedSearchList(
    ({ search, page }) => auditLogQueryOptions({ action, actor: search, page }),
    AUDIT_PAGE_SIZE,
  );

  const body = (
    <ListStates
      list={list}
      loading="loading the audit log"
      fallback={ADMIN_REQUEST_FAILED}
      empty={NO_ENTRIES}
      items={(data) => data.items}
    >
      {(data) => (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={860}>
            <Table
              verticalSpacing="sm"
              striped
              aria-label="audit log"
              style={{ opacity: list.query.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={190}>time</Table.Th>
                  <Table.Th>actor</Table.Th>
                  <Table.Th>action</Table.Th>
                  <Table.Th>target</Table.Th>
                  <Table.Th>before → after</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(entry.createdAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ wordBreak: 'break-all' }}>
                        {entry.actor}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={actionColor(entry.action)} tt="none">
                        {entry.action}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ wordBreak: 'break-all' }}>
                        {entry.target}
                      </Text>
                      {customerIdOf(entry) && (
                        <Anchor
                          component={Link}
                          to={`/admin/customers/${customerIdOf(entry)}`}
                          size="xs"
                        >
                          customer
                        </Anchor>
                      )}
                    </Table.Td>
                    <Table.Td maw={360}>
                      <ChangeCell entry={entry} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPaginator list={list} label="audit log pages" />
        </Stack>
      )}
    </ListStates>
  );

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="action"
          value={action}
          onChange={(event) => {
            setAction(event.currentTarget.value);
            list.resetPage();
          }}
          data={[{ value: ALL, label: 'all actions' }, ...AUDIT_ACTIONS]}
          w={200}
        />
        <ListSearchInput list={list} label="actor" placeholder="part of an e-mail" w={260} />
        <ListPageCount list={list} one="entry" many="entries" />
      </Group>
      {body}
    </Stack>
  );
}
