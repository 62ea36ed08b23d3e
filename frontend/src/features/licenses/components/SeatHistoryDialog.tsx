import { Spinner } from '../../../components/Spinner';
import '../../../styles/full';
import { Badge, Center, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { formatDateTime } from '../../../lib/format';
import type { License } from '../../../lib/api/licenses';
import { useSeatHistory, type SeatEvent } from '../api/get-seat-history';

/** What an event did, in the customer's words. */
function eventText(event: SeatEvent, t: (key: string, values?: Record<string, unknown>) => string) {
  const none = t('seatHistory.none');
  const from = event.from ?? none;
  const to = event.to ?? none;
  if (event.kind === 'reset')
    return t('seatHistory.kinds.reset', { count: event.changesLeft ?? 0 });
  if (event.kind === 'revoke') return t('seatHistory.kinds.revoke', { from });
  return t(`seatHistory.kinds.${event.kind}`, { from, to });
}

function EventItem({ event }: { event: SeatEvent }) {
  const { t } = useTranslation('console');
  const mine = event.by === 'customer';
  return (
    <Stack component="li" gap={2}>
      <Text size="xs" c="dimmed">
        {formatDateTime(event.at)}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {eventText(event, t)}
      </Text>
      <Text size="xs" c="dimmed" component="div" style={{ wordBreak: 'break-all' }}>
        <Badge size="xs" variant="light" color={mine ? 'blue' : 'grape'} tt="none" mr={4}>
          {mine ? t('seatHistory.byYou') : t('seatHistory.byStore')}
        </Badge>
        {mine && event.ip ? t('seatHistory.fromAddress', { ip: event.ip }) : ''}
        {mine && event.changesLeft !== null
          ? ` · ${t('seatHistory.changesLeft', { count: event.changesLeft })}`
          : ''}
      </Text>
    </Stack>
  );
}

/**
 * The seat's history dialog (SeatHistoryButton), in its own chunk with Mantine's whole sheet: read when
 * opened, newest changes as the server orders them.
 */
export default function SeatHistoryDialog({
  license,
  opened,
  onClose,
}: {
  license: License;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('console');
  const history = useSeatHistory(license.id, opened);
  const events = history.data?.events ?? [];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('seatHistory.title', { seat: license.seatIndex })}
      centered
      closeButtonProps={{ 'aria-label': t('seatHistory.close') }}
    >
      {history.isPending ? (
        <Center py="md" role="status">
          <Spinner label={t('seatHistory.loading')} inStatus />
        </Center>
      ) : history.isError ? (
        <LoadError error={history.error} text={t('seatHistory.failed')} />
      ) : events.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('seatHistory.empty')}
        </Text>
      ) : (
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {events.map((event, i) => (
            <EventItem key={`${event.at}-${i}`} event={event} />
          ))}
        </Stack>
      )}
    </Modal>
  );
}
