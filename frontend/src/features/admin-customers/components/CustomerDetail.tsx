import { Spinner } from '../../../components/Spinner';
import { Alert, Anchor, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { tierName } from '@seatkeeper/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notify';
import {
  customerExportHref,
  useCustomer,
  useCustomerAction,
  type CustomerAction,
  type CustomerDetail,
  type CustomerSeat,
  type GrantPlanResult,
  type GrantTier,
  type SeatActionResult,
  type SignOutResult,
} from '../api/customer';
import { AuditSection, OrdersSection, ProfileSection, SeatsSection } from './CustomerSections';
import { CustomerWaysIn } from './CustomerWaysIn';
import { ReasonModal } from './ReasonModal';

/** Which confirmation is open. */
type Pending =
  | { kind: 'grant' }
  | { kind: 'signOut' }
  | { kind: 'reset'; seat: CustomerSeat }
  | { kind: 'revoke'; seat: CustomerSeat };

/** The customer could not be loaded: not found (no retry), or a failure with a retry; a way back either way. */
function CustomerLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('adminCustomer');
  const missing = isApiError(error) && error.status === 404;
  return (
    <Stack gap="sm" align="flex-start">
      <Alert color={missing ? 'yellow' : 'red'} role="alert">
        {missing ? t('notFound') : t('loadFailed', { error: describeError(error) })}
      </Alert>
      {!missing && (
        <Button variant="default" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
      <Anchor component={Link} to="/admin/subscriptions">
        {t('back')}
      </Anchor>
    </Stack>
  );
}

/** The support actions' state: which confirmation is open, and running one with its toast. */
function useSupportActions(userId: string) {
  const action = useCustomerAction(userId);
  const [open, setOpen] = useState<Pending | null>(null);
  const close = () => {
    setOpen(null);
    action.reset();
  };
  const run = (request: CustomerAction, done: (result: unknown) => string) =>
    action.mutate(request, {
      onSuccess: (result) => {
        notifySuccess(done(result));
        close();
      },
    });
  const common = { pending: action.isPending, error: action.error, onClose: close };
  return { open, setOpen, run, common };
}

/** What useSupportActions hands the page and its confirmations. */
type SupportActions = ReturnType<typeof useSupportActions>;

/** The page's head: the way back, the customer's name and email, and the grant, sign-out and export buttons. */
function CustomerHeader({
  userId,
  profile,
  onOpen,
}: {
  userId: string;
  profile: CustomerDetail['profile'];
  onOpen: (pending: Pending) => void;
}) {
  const { t } = useTranslation('adminCustomer');
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Stack gap={2}>
        <Anchor component={Link} to="/admin/subscriptions" size="sm">
          {t('back')}
        </Anchor>
        <Title order={1}>{profile.name?.trim() || t('profile.unnamed')}</Title>
        <Text c="dimmed" style={{ wordBreak: 'break-all' }}>
          {profile.email}
        </Text>
      </Stack>
      <Group gap="sm">
        <Button
          onClick={() => onOpen({ kind: 'grant' })}
          disabled={profile.grantableTiers.length === 0}
        >
          {t('actions.grant')}
        </Button>
        <Button variant="light" color="orange" onClick={() => onOpen({ kind: 'signOut' })}>
          {t('actions.signOut')}
        </Button>
        <Button component="a" variant="default" href={customerExportHref(userId)} download>
          {t('actions.export')}
        </Button>
      </Group>
    </Group>
  );
}

/** The open confirmation (grant, sign-out, seat reset or revoke) with its texts and the toast once done. */
function SupportConfirmation({
  profile,
  actions: { open, run, common },
}: {
  profile: CustomerDetail['profile'];
  actions: SupportActions;
}) {
  const { t } = useTranslation('adminCustomer');
  return (
    <>
      {open?.kind === 'grant' && (
        <ReasonModal
          {...common}
          title={t('actions.grantTitle', { email: profile.email })}
          text={t('actions.grantText')}
          confirmLabel={t('actions.grantConfirm')}
          tiers={profile.grantableTiers.map((tier) => ({ value: tier, label: tierName(tier) }))}
          onConfirm={({ reason, tier }) =>
            run({ kind: 'grant', tier: tier as GrantTier, reason }, (result) => {
              const r = result as GrantPlanResult;
              return t('actions.grantDone', {
                plan: tierName(r.tier),
                email: profile.email,
                order: r.orderId,
                count: r.seats,
              });
            })
          }
        />
      )}
      {open?.kind === 'signOut' && (
        <ReasonModal
          {...common}
          color="orange"
          title={t('actions.signOutTitle', { email: profile.email })}
          text={t('actions.signOutText', { count: profile.activeSessions })}
          confirmLabel={t('actions.signOutConfirm')}
          onConfirm={({ reason }) =>
            run({ kind: 'signOut', reason }, (result) =>
              t('actions.signOutDone', { count: (result as SignOutResult).sessionsEnded }),
            )
          }
        />
      )}
      {open?.kind === 'reset' && (
        <ReasonModal
          {...common}
          title={t('actions.resetTitle', { seat: open.seat.seatIndex })}
          text={t('actions.resetText')}
          confirmLabel={t('actions.resetConfirm')}
          onConfirm={({ reason }) =>
            run({ kind: 'reset', licenseId: open.seat.id, reason }, (result) => {
              const r = result as SeatActionResult;
              return t('actions.resetDone', {
                seat: r.seatIndex,
                count: r.bindingChangesLeft,
              });
            })
          }
        />
      )}
      {open?.kind === 'revoke' && (
        <ReasonModal
          {...common}
          color="red"
          title={t('actions.revokeTitle', { seat: open.seat.seatIndex })}
          text={t('actions.revokeText', { domain: open.seat.websiteUrl ?? t('seats.unbound') })}
          confirmLabel={t('actions.revokeConfirm')}
          onConfirm={({ reason }) =>
            run({ kind: 'revoke', licenseId: open.seat.id, reason }, (result) =>
              t('actions.revokeDone', { seat: (result as SeatActionResult).seatIndex }),
            )
          }
        />
      )}
    </>
  );
}

/**
 * One customer for the admin (docs/rules.md, "Customer support"): profile, orders, seats, audit entries,
 * and the support actions, each behind a confirmation with a required reason; a toast and fresh data
 * after each. Loading, not-found and error states.
 */
export function CustomerDetailView({ userId }: { userId: string }) {
  const { t } = useTranslation('adminCustomer');
  const customer = useCustomer(userId);
  const actions = useSupportActions(userId);

  if (customer.isPending)
    return (
      <Center py="xl">
        <Spinner label={t('loading')} size="md" />
      </Center>
    );
  if (customer.isError)
    return <CustomerLoadFailed error={customer.error} onRetry={() => void customer.refetch()} />;

  const { profile, orders, seats, audit, timeZone } = customer.data;
  const { setOpen } = actions;

  return (
    <Stack gap="lg">
      <CustomerHeader userId={userId} profile={profile} onOpen={setOpen} />
      <ProfileSection profile={profile} />
      <CustomerWaysIn userId={profile.userId} />
      <SeatsSection
        seats={seats}
        timeZone={timeZone}
        onReset={(seat) => setOpen({ kind: 'reset', seat })}
        onRevoke={(seat) => setOpen({ kind: 'revoke', seat })}
      />
      <OrdersSection userId={profile.userId} orders={orders} />
      <AuditSection entries={audit} />

      <SupportConfirmation profile={profile} actions={actions} />
    </Stack>
  );
}
