import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFilters } from '../../../components/ListFilters';
import { ListPageCount, ListPaginator, ListStates } from '../../../components/server-list';
import { usePagedSearchList } from '../../../components/use-paged-search-list';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { describeError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import {
  MAIL_PAGE_SIZE,
  MAIL_STATUSES,
  mailQueryOptions,
  useResendMail,
  type MailItem,
  type MailStatus,
} from '../api/mail';

const STATUS_COLOR: Record<MailStatus, string> = {
  queued: 'blue',
  sending: 'yellow',
  sent: 'green',
  failed: 'red',
};

/** A failed message's Resend, with the server's refusal beside it. */
function ResendCell({ mail }: { mail: MailItem }) {
  const { t } = useTranslation('admin-mail');
  const resend = useResendMail();
  if (mail.status !== 'failed') return null;
  return (
    <Stack gap={2} align="flex-start">
      <Button
        size="xs"
        variant="light"
        loading={resend.isPending}
        onClick={() => resend.mutate(mail.id)}
        aria-label={t('resendTo', { recipient: mail.recipient })}
      >
        {t('resend')}
      </Button>
      {resend.isError && (
        <Text size="xs" c="red" role="alert">
          {describeError(resend.error, adminRequestFailed())}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The outbox for admins (docs/mail.md, "Admin"): status, attempts, last error, recipient, subject and
 * times, newest first, filtered by status and searched by recipient on the server; failed ones can be
 * sent again.
 */
export function MailOutboxList() {
  const { t } = useTranslation('admin-mail');
  const [status, setStatus] = useState<MailStatus | ''>('');
  const list = usePagedSearchList(
    ({ search, page }) => mailQueryOptions({ status, search, page }),
    MAIL_PAGE_SIZE,
  );
  const time = (value: string | null) => (value ? formatDateTime(value) : '-');

  return (
    <Stack gap="md">
      {list.data && !list.data.sending && (
        <Text size="sm" c="dimmed" role="note">
          {t('notSending')}
        </Text>
      )}
      <ListFilters
        list={list}
        fields={[
          {
            kind: 'search',
            key: 'search',
            label: t('search'),
            placeholder: t('searchPlaceholder'),
            w: 280,
          },
          {
            kind: 'select',
            key: 'status',
            label: t('status'),
            value: status,
            onChange: (value) => setStatus(value as MailStatus | ''),
            options: [
              { value: '', label: t('allStatuses') },
              ...MAIL_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
            ],
          },
        ]}
      />
      <ListPageCount list={list} one={t('one')} many={t('many')} />
      <ListStates
        list={list}
        loading={t('loading')}
        fallback={adminRequestFailed()}
        retry
        empty={t('empty')}
        items={(data) => data.items}
      >
        {(data) => (
          <Stack gap="sm" style={{ opacity: list.query.isPlaceholderData ? 0.6 : 1 }}>
            <Table.ScrollContainer minWidth={960}>
              <Table verticalSpacing="sm" striped aria-label={t('tableLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('columns.status')}</Table.Th>
                    <Table.Th>{t('columns.recipient')}</Table.Th>
                    <Table.Th>{t('columns.subject')}</Table.Th>
                    <Table.Th>{t('columns.attempts')}</Table.Th>
                    <Table.Th>{t('columns.lastError')}</Table.Th>
                    <Table.Th>{t('columns.times')}</Table.Th>
                    <Table.Th>{t('columns.action')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((mail) => (
                    <Table.Tr key={mail.id}>
                      <Table.Td>
                        <Badge color={STATUS_COLOR[mail.status]} variant="light">
                          {t(`statuses.${mail.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{mail.recipient}</Table.Td>
                      <Table.Td>{mail.subject}</Table.Td>
                      <Table.Td>{mail.attempts}</Table.Td>
                      <Table.Td>
                        <Text size="xs" c={mail.lastError ? 'red' : 'dimmed'}>
                          {mail.lastError ?? '-'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs">{t('created', { time: time(mail.createdAt) })}</Text>
                        {mail.status === 'sent' ? (
                          <Text size="xs">{t('sentAt', { time: time(mail.sentAt) })}</Text>
                        ) : mail.status === 'queued' ? (
                          <Text size="xs">
                            {t('nextAttempt', { time: time(mail.nextAttemptAt) })}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <ResendCell mail={mail} />
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
    </Stack>
  );
}
