import { Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Paginator } from '../../../components/Paginator';
import {
  ListError,
  ListLoading,
  useDebouncedSearch,
  usePageClamp,
} from '../../../components/server-list';
import { formatDate } from '../../../lib/format';
import { useAddVipEmail } from '../api/add-vip-email';
import { useVipEmails } from '../api/get-vip-emails';
import { VIP_PAGE_SIZE, vipCountsText } from '../vip-rules';
import { VipDeleteButton } from './VipDeleteButton';

/** How long the search box waits for typing to pause before asking the server. */

export const NO_VIP_EMAILS = 'no VIP e-mails yet';
export const NO_MATCHES = 'no matching e-mails';

/** Adds a single address (spec §5: duplicates are refused by the server, whose text is toasted). */
function AddOneForm() {
  const add = useAddVipEmail();
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    add.mutate(email, { onSuccess: () => setEmail('') });
  };
  return (
    <form onSubmit={submit} aria-label="add a VIP e-mail">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="add an e-mail"
          placeholder="student@example.com"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          disabled={add.isPending}
          w={260}
        />
        <Button type="submit" loading={add.isPending} disabled={!email.trim()}>
          add
        </Button>
      </Group>
    </form>
  );
}

/**
 * The VIP list tab (spec §2 /admin/vip-emails): server search (debounced), counts, 20 a page with
 * the paginator, an admin badge, the added date and who added it, and the two-step delete (none for
 * admin e-mails).
 */
export function VipEmailList() {
  const { search, setSearch, debounced } = useDebouncedSearch();
  const [page, setPage] = useState(1);
  const query = useVipEmails({ search: debounced, page });
  const data = query.data;
  const total = data?.pagination.total ?? 0;
  const pages = usePageClamp(
    page,
    setPage,
    total,
    VIP_PAGE_SIZE,
    Boolean(data) && !query.isPlaceholderData,
  );

  let body;
  if (query.isPending) {
    body = <ListLoading label="loading VIP e-mails" />;
  } else if (query.isError && !data) {
    body = <ListError message={query.error.message} onRetry={() => void query.refetch()} />;
  } else if (!data || data.vipEmails.length === 0) {
    body = <Text c="dimmed">{data?.search ? NO_MATCHES : NO_VIP_EMAILS}</Text>;
  } else {
    body = (
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={640}>
          <Table
            verticalSpacing="sm"
            striped
            highlightOnHover
            aria-label="VIP e-mails"
            style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>e-mail</Table.Th>
                <Table.Th>added</Table.Th>
                <Table.Th>added by</Table.Th>
                <Table.Th>actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.vipEmails.map((entry) => (
                <Table.Tr key={entry.email}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" style={{ wordBreak: 'break-all' }}>
                        {entry.email}
                      </Text>
                      {entry.isAdmin && (
                        <Badge size="sm" color="grape" variant="light">
                          admin
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDate(entry.addedAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {entry.addedBy || '-'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {entry.isAdmin ? (
                      <Text size="xs" c="dimmed">
                        cannot be removed
                      </Text>
                    ) : (
                      <VipDeleteButton email={entry.email} />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Paginator page={page} total={pages} onChange={setPage} label="VIP list pages" />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-end" gap="sm">
          <TextInput
            label="search"
            placeholder="search e-mails"
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={260}
          />
          {data && (
            <Text size="sm" c="dimmed" pb={8} aria-live="polite" data-testid="vip-counts">
              {vipCountsText({
                searching: Boolean(data.search),
                page: data.pagination.page,
                pageSize: VIP_PAGE_SIZE,
                total,
                totalAll: data.totalAll,
              })}
            </Text>
          )}
        </Group>
        <AddOneForm />
      </Group>
      {body}
    </Stack>
  );
}
