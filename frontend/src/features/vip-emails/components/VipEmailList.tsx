import { Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFilters } from '../../../components/ListFilters';
import { ListPaginator, ListStates } from '../../../components/server-list';
import { usePagedSearchList } from '../../../components/use-paged-search-list';
import { formatDate } from '../../../lib/format';
import { useAddVipEmail } from '../api/add-vip-email';
import { vipEmailsQueryOptions } from '../api/get-vip-emails';
import { addedByText, fetchVipEmailsFailed, VIP_PAGE_SIZE, vipCountsText } from '../vip-rules';
import { VipDeleteButton } from './VipDeleteButton';

/** Adds a single address (docs/product.md#validation: duplicates are refused by the server, whose text is toasted). */
function AddOneForm() {
  const { t } = useTranslation('adminVip');
  const add = useAddVipEmail();
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    add.mutate(email, { onSuccess: () => setEmail('') });
  };
  return (
    <form onSubmit={submit} aria-label={t('add.form')}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t('add.label')}
          placeholder={t('add.placeholder')}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          disabled={add.isPending}
          w={260}
        />
        <Button type="submit" loading={add.isPending} disabled={!email.trim()}>
          {t('add.submit')}
        </Button>
      </Group>
    </form>
  );
}

/**
 * The VIP list tab (docs/product.md#screens /admin/vip-emails): server search (debounced), counts, 20 a page with
 * the paginator, an admin badge, the added date and who added it, and the two-step delete (none for
 * admin e-mails).
 */
export function VipEmailList() {
  const { t } = useTranslation('adminVip');
  const list = usePagedSearchList(vipEmailsQueryOptions, VIP_PAGE_SIZE);
  const data = list.data;

  const body = (
    <ListStates
      list={list}
      loading={t('list.loading')}
      error={fetchVipEmailsFailed()}
      retry
      empty={data?.search ? t('list.noMatches') : t('list.empty')}
      items={(answer) => answer.vipEmails}
    >
      {(data) => (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={640}>
            <Table
              verticalSpacing="sm"
              striped
              highlightOnHover
              aria-label={t('list.table')}
              style={{ opacity: list.query.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.email')}</Table.Th>
                  <Table.Th>{t('list.added')}</Table.Th>
                  <Table.Th>{t('list.addedBy')}</Table.Th>
                  <Table.Th>{t('list.actions')}</Table.Th>
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
                            {t('list.adminBadge')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDate(entry.addedAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                        {addedByText(entry.addedBy)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {entry.isAdmin ? (
                        <Text size="xs" c="dimmed">
                          {t('list.cannotRemove')}
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
          <ListPaginator list={list} label={t('list.pages')} />
        </Stack>
      )}
    </ListStates>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <ListFilters
          list={list}
          fields={[
            {
              kind: 'search',
              key: 'search',
              label: t('list.search'),
              placeholder: t('list.searchPlaceholder'),
              w: 260,
            },
          ]}
        >
          {data && (
            <Text size="sm" c="dimmed" pb={8} aria-live="polite" data-testid="vip-counts">
              {vipCountsText({
                searching: Boolean(data.search),
                page: data.pagination.page,
                pageSize: VIP_PAGE_SIZE,
                total: list.total,
                totalAll: data.totalAll,
              })}
            </Text>
          )}
        </ListFilters>
        <AddOneForm />
      </Group>
      {body}
    </Stack>
  );
}
