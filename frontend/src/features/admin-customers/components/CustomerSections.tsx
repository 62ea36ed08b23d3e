import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { tierName } from '@seatkeeper/domain';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { formatDateTime, formatYuan } from '../../../lib/format';
import { LANGUAGE_NAMES, toLanguage } from '../../../lib/i18n';
import type { CustomerDetail, CustomerSeat } from '../api/customer';
import { useAuditLabels } from '../../../lib/audit-labels';
import { auditReason, formatInZone, seatEventText, type SeatEvent } from '../customer-format';

const STATUS_COLORS: Record<string, string> = {
  paid: 'teal',
  pending: 'yellow',
  refunded: 'gray',
  active: 'teal',
  expired: 'orange',
  revoked: 'red',
};

/**
 * A table that scrolls sideways on a phone takes the focus, so a keyboard can scroll it too (axe
 * scrollable-region-focusable).
 */
const SCROLL_FOCUSABLE = { viewportProps: { tabIndex: 0 } };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-all' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** Who the customer is: e-mail, sign-up, last sign-in, sessions, plan, VIP and language. */
export function ProfileSection({ profile }: { profile: CustomerDetail['profile'] }) {
  const { t } = useTranslation('adminCustomer');
  const language = toLanguage(profile.language);
  return (
    <Section title={t('profile.heading')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Field label={t('profile.email')}>
          {profile.email}{' '}
          <Badge
            size="xs"
            variant="light"
            color={profile.emailVerified ? 'teal' : 'gray'}
            tt="none"
          >
            {profile.emailVerified ? t('profile.verified') : t('profile.unverified')}
          </Badge>
        </Field>
        <Field label={t('profile.plan')}>
          {profile.tier ? tierName(profile.tier) : t('profile.noPlan')}
        </Field>
        <Field label={t('profile.created')}>{formatDateTime(profile.createdAt)}</Field>
        <Field label={t('profile.lastSignIn')}>
          {profile.lastSignInAt ? formatDateTime(profile.lastSignInAt) : t('profile.unknown')}
        </Field>
        <Field label={t('profile.sessions')}>{profile.activeSessions}</Field>
        <Field label={t('profile.vip')}>
          {profile.isVip ? t('profile.yes') : t('profile.no')}
          {profile.isAdmin && ` (${t('profile.admin')})`}
        </Field>
        <Field label={t('profile.language')}>
          {language ? LANGUAGE_NAMES[language] : t('profile.languageNone')}
        </Field>
      </SimpleGrid>
    </Section>
  );
}

/** The latest orders; the admin's orders list has them all (its `userId` filter). */
export function OrdersSection({
  userId,
  orders,
}: {
  userId: string;
  orders: CustomerDetail['orders'];
}) {
  const { t } = useTranslation('adminCustomer');
  return (
    <Section title={t('orders.heading')}>
      {orders.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('orders.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640} scrollAreaProps={SCROLL_FOCUSABLE}>
          <Table verticalSpacing={6} aria-label={t('orders.heading')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('orders.number')}</Table.Th>
                <Table.Th>{t('orders.plan')}</Table.Th>
                <Table.Th>{t('orders.amount')}</Table.Th>
                <Table.Th>{t('orders.status')}</Table.Th>
                <Table.Th>{t('orders.created')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.map((o) => (
                <Table.Tr key={o.orderId}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {o.orderId}
                    </Text>
                    {o.granted && (
                      <Text size="xs" c="dimmed">
                        {t('orders.granted', {
                          by: o.granted.grantedBy ?? '?',
                          reason: o.granted.reason ?? '',
                        })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {o.upgradedFromTier
                      ? t('orders.upgrade', {
                          tier: tierName(o.tier),
                          from: tierName(o.upgradedFromTier),
                        })
                      : tierName(o.tier)}
                  </Table.Td>
                  <Table.Td>{formatYuan(o.amount)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge variant="light" color={STATUS_COLORS[o.status] ?? 'gray'} tt="none">
                        {t(`orders.statuses.${o.status}`, { defaultValue: o.status })}
                      </Badge>
                      {o.needsRefund && o.status === 'paid' && (
                        <Badge variant="filled" color="red" tt="none">
                          {t('orders.needsRefund')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatDateTime(o.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Anchor component={Link} to={`/admin/orders?userId=${encodeURIComponent(userId)}`} size="sm">
        {t('orders.all')}
      </Anchor>
    </Section>
  );
}

/**
 * One event of a seat's history (docs/rules.md, "Seat history"): when (the seller's time zone), who (the
 * customer or an admin, by e-mail), what (from → to), the client address it came from and the reason.
 */
function SeatEventItem({ event, timeZone }: { event: SeatEvent; timeZone: string }) {
  const { t } = useTranslation('adminCustomer');
  return (
    <Stack component="li" gap={0}>
      <Text size="xs" fw={500}>
        {formatInZone(event.at, timeZone)}
      </Text>
      <Text size="xs" component="div" style={{ wordBreak: 'break-all' }}>
        <Badge
          size="xs"
          variant="light"
          color={event.by === 'customer' ? 'blue' : 'grape'}
          tt="none"
          mr={4}
        >
          {t(`seats.historyBy.${event.by}`)}
        </Badge>
        {event.actor ?? ''}
      </Text>
      <Text size="xs" style={{ wordBreak: 'break-all' }}>
        {seatEventText(event, t)}
      </Text>
      {(event.kind === 'bind' || event.kind === 'domain') && (
        <Text size="xs" c="dimmed">
          {event.ip ? t('seats.historyIp', { ip: event.ip }) : t('seats.historyIpUnknown')}
        </Text>
      )}
      {event.reason && (
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
          {t('seats.historyReason', { reason: event.reason })}
        </Text>
      )}
    </Stack>
  );
}

/** Each seat: domain, changes left, status, AI provider, binding history, and its two actions. */
export function SeatsSection({
  seats,
  timeZone,
  onReset,
  onRevoke,
}: {
  seats: CustomerSeat[];
  /** The seller's time zone, in which the history tells its times. */
  timeZone: string;
  onReset: (seat: CustomerSeat) => void;
  onRevoke: (seat: CustomerSeat) => void;
}) {
  const { t } = useTranslation('adminCustomer');
  const { hash } = useLocation();
  // The audit log links a seat as #seat-N (seatHref, features/audit/audit-sentence-tools.ts): the page's
  // data arrives after the navigation's own scroll, so the seat is brought into view once its row exists.
  useEffect(() => {
    if (hash.startsWith('#seat-')) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash, seats.length]);
  return (
    <Section title={t('seats.heading')}>
      {seats.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('seats.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={900} scrollAreaProps={SCROLL_FOCUSABLE}>
          <Table verticalSpacing={6} aria-label={t('seats.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>{t('seats.seat')}</Table.Th>
                <Table.Th>{t('seats.domain')}</Table.Th>
                <Table.Th>{t('seats.changesLeft')}</Table.Th>
                <Table.Th>{t('seats.status')}</Table.Th>
                <Table.Th>{t('seats.ai')}</Table.Th>
                <Table.Th>{t('seats.history')}</Table.Th>
                <Table.Th>{t('seats.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {seats.map((seat) => (
                <Table.Tr
                  key={seat.id}
                  id={`seat-${seat.seatIndex}`}
                  aria-label={t('seats.seat') + ` #${seat.seatIndex}`}
                >
                  <Table.Td>
                    #{seat.seatIndex}
                    <Text size="xs" c="dimmed">
                      {tierName(seat.tier)}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    {seat.websiteUrl ?? (
                      <Text size="sm" c="dimmed" fs="italic">
                        {t('seats.unbound')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {seat.bindingChangesLeft}
                    {seat.lastBindingChangeAt && (
                      <Text size="xs" c="dimmed">
                        {t('seats.lastChange', { date: formatDateTime(seat.lastBindingChangeAt) })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLORS[seat.status] ?? 'gray'} tt="none">
                      {t(`seats.statuses.${seat.status}`, { defaultValue: seat.status })}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {seat.ai.configured ? (
                      <Stack gap={0}>
                        <Text size="sm">{seat.ai.provider ?? seat.ai.baseUrl}</Text>
                        {seat.ai.model && (
                          <Text size="xs" c="dimmed">
                            {t('seats.aiModel', { model: seat.ai.model })}
                          </Text>
                        )}
                      </Stack>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('seats.aiNone')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td miw={240} maw={320}>
                    {seat.bindingHistory.length === 0 ? (
                      <Text size="xs" c="dimmed">
                        {t('seats.historyNone')}
                      </Text>
                    ) : (
                      <Stack
                        component="ol"
                        gap={8}
                        m={0}
                        p={0}
                        style={{ listStyle: 'none' }}
                        aria-label={t('seats.historyOf', { seat: seat.seatIndex })}
                      >
                        {seat.bindingHistory.map((event, i) => (
                          <SeatEventItem
                            key={`${event.at}-${i}`}
                            event={event}
                            timeZone={timeZone}
                          />
                        ))}
                      </Stack>
                    )}
                    <Text size="xs" c="dimmed" mt={4}>
                      {t('seats.historyZone', { zone: timeZone })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        disabled={seat.status === 'revoked' || seat.bindingChangesLeft >= 2}
                        onClick={() => onReset(seat)}
                        aria-label={t('actions.resetSeat', { seat: seat.seatIndex })}
                      >
                        {t('actions.reset')}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        disabled={seat.status === 'revoked'}
                        onClick={() => onRevoke(seat)}
                        aria-label={t('actions.revokeSeat', { seat: seat.seatIndex })}
                      >
                        {t('actions.revoke')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

/** The recent audit entries about the customer (their e-mail, orders and seats), newest first. */
export function AuditSection({ entries }: { entries: CustomerDetail['audit'] }) {
  const { t } = useTranslation('adminCustomer');
  const labels = useAuditLabels();
  return (
    <Section title={t('audit.heading')}>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('audit.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720} scrollAreaProps={SCROLL_FOCUSABLE}>
          <Table verticalSpacing={6} aria-label={t('audit.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={190}>{t('audit.time')}</Table.Th>
                <Table.Th>{t('audit.actor')}</Table.Th>
                <Table.Th>{t('audit.action')}</Table.Th>
                <Table.Th>{t('audit.target')}</Table.Th>
                <Table.Th>{t('audit.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatDateTime(entry.createdAt)}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    {labels.actor(entry.actor)}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="gray" tt="none" title={entry.action}>
                      {labels.action(entry.action)}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{labels.target(entry)}</Table.Td>
                  <Table.Td>{auditReason(entry) ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
