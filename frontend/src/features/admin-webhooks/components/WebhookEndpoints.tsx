import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  NativeSelect,
  Pagination,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { describeError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import {
  DELIVERY_PAGE_SIZE,
  useCreateWebhook,
  useDeliveries,
  useResendDelivery,
  useRotateSecret,
  useSendTest,
  useSetEnabled,
  webhooksQueryOptions,
  type EndpointKind,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookKind,
} from '../api/webhooks';

/** The log scrolls sideways on a phone: it takes the focus, so a keyboard can scroll it too. */
const SCROLL_FOCUSABLE = { viewportProps: { tabIndex: 0 } };

const STATUS_COLOR: Record<WebhookDelivery['status'], string> = {
  queued: 'blue',
  sending: 'yellow',
  delivered: 'green',
  failed: 'red',
};

/** The secret just made, shown this once (a modal the admin closes after copying it). */
function SecretOnce({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation('adminWebhooks');
  return (
    <Modal opened={Boolean(secret)} onClose={onClose} title={t('secret.title')} size="lg">
      <Stack gap="sm">
        <Text size="sm">{t('secret.once')}</Text>
        <Code block style={{ wordBreak: 'break-all' }} data-testid="webhook-secret">
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? t('secret.copied') : t('secret.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t('secret.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The form of a new endpoint: kind, address, the robot's secret where it has one, events, language. */
function AddEndpoint({
  kinds,
  onSecret,
}: {
  kinds: WebhookKind[];
  onSecret: (secret: string | null) => void;
}) {
  const { t } = useTranslation('adminWebhooks');
  const create = useCreateWebhook();
  const [kind, setKind] = useState<EndpointKind>('standard');
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [language, setLanguage] = useState<'zh-CN' | 'en'>('zh-CN');
  const spec = kinds.find((k) => k.kind === kind);
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const allowed = spec?.events ?? [];
  const chosen = events.filter((e) => allowed.includes(e));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      {
        kind,
        url: url.trim(),
        events: chosen,
        language,
        ...(spec?.secret === 'pasted' || spec?.secret === 'optional' ? { secret } : {}),
      },
      {
        onSuccess: (answer) => {
          setUrl('');
          setSecret('');
          setEvents([]);
          onSecret(answer.secret);
        },
      },
    );
  };
  return (
    <Card withBorder component="form" onSubmit={submit} aria-labelledby="add-webhook-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="add-webhook-title">
          {t('add.title')}
        </Title>
        <Group grow align="flex-start" wrap="wrap">
          <NativeSelect
            label={t('add.kind')}
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as EndpointKind)}
            data={kinds.map((k) => ({
              value: k.kind,
              label: k.available
                ? t(`kinds.${k.kind}`)
                : t('add.unavailable', { kind: t(`kinds.${k.kind}`) }),
              disabled: !k.available,
            }))}
            miw={200}
          />
          <NativeSelect
            label={t('add.language')}
            value={language}
            onChange={(e) => setLanguage(e.currentTarget.value as 'zh-CN' | 'en')}
            data={[
              { value: 'zh-CN', label: '中文' },
              { value: 'en', label: 'English' },
            ]}
            miw={160}
          />
        </Group>
        <TextInput
          label={t('add.url')}
          description={kind === 'standard' ? t('add.urlHttps') : t('add.urlRobot')}
          placeholder={kind === 'standard' ? 'https://hooks.example.com/seatkeeper' : ''}
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          required
          type="url"
        />
        {(spec?.secret === 'pasted' || spec?.secret === 'optional') && (
          <PasswordInput
            label={t('add.robotSecret')}
            description={t('add.robotSecretHelp')}
            value={secret}
            onChange={(e) => setSecret(e.currentTarget.value)}
            required={spec.secret === 'pasted'}
          />
        )}
        <Checkbox.Group
          label={t('add.events')}
          value={chosen}
          onChange={(v) => setEvents(v as WebhookEventType[])}
        >
          <Group gap="md" mt={4}>
            {allowed.map((e) => (
              <Checkbox key={e} value={e} label={t(`events.${e.replace('.', '_')}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        {create.isError && (
          <Alert color="red" role="alert">
            {describeError(create.error, adminRequestFailed())}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={create.isPending} disabled={!chosen.length || !url.trim()}>
            {t('add.submit')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** One endpoint's delivery log with "send again". */
function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation('adminWebhooks');
  const [page, setPage] = useState(1);
  const log = useDeliveries(endpoint.id, page);
  const resend = useResendDelivery();
  if (log.isPending) return <Text size="sm">{t('log.loading')}</Text>;
  if (log.isError)
    return (
      <Text size="sm" c="red" role="alert">
        {describeError(log.error, adminRequestFailed())}
      </Text>
    );
  const { items, pagination } = log.data;
  if (!items.length)
    return (
      <Text size="sm" c="dimmed">
        {t('log.empty')}
      </Text>
    );
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={900} scrollAreaProps={SCROLL_FOCUSABLE}>
        <Table striped verticalSpacing="xs" aria-label={t('log.label', { url: endpoint.url })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('log.event')}</Table.Th>
              <Table.Th>{t('log.status')}</Table.Th>
              <Table.Th>{t('log.answer')}</Table.Th>
              <Table.Th>{t('log.times')}</Table.Th>
              <Table.Th>{t('log.action')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>
                  <Text size="sm">{d.eventType}</Text>
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {d.messageId}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[d.status]} variant="light">
                    {t(`statuses.${d.status}`)}
                  </Badge>
                  <Text size="xs">{t('log.attempts', { count: d.attempts })}</Text>
                </Table.Td>
                <Table.Td maw={320}>
                  <Text size="xs">
                    {d.lastStatus !== null
                      ? `HTTP ${d.lastStatus}`
                      : d.attempts > 0
                        ? t('log.noAnswer')
                        : '-'}
                    {d.lastDurationMs !== null ? ` · ${t('log.ms', { ms: d.lastDurationMs })}` : ''}
                  </Text>
                  {(d.lastError || d.lastResponse) && (
                    <Text
                      size="xs"
                      c={d.lastError ? 'red' : 'dimmed'}
                      style={{ wordBreak: 'break-all' }}
                    >
                      {d.lastError ?? d.lastResponse}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{t('log.created', { time: formatDateTime(d.createdAt) })}</Text>
                  {d.deliveredAt && (
                    <Text size="xs">
                      {t('log.delivered', { time: formatDateTime(d.deliveredAt) })}
                    </Text>
                  )}
                  {d.status === 'queued' && d.attempts > 0 && (
                    <Text size="xs">
                      {t('log.next', { time: formatDateTime(d.nextAttemptAt) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {(d.status === 'delivered' || d.status === 'failed') && (
                    <Button
                      size="xs"
                      variant="light"
                      loading={resend.isPending && resend.variables?.deliveryId === d.id}
                      onClick={() =>
                        resend.mutate(
                          { id: endpoint.id, deliveryId: d.id },
                          { onSuccess: () => void log.refetch() },
                        )
                      }
                      aria-label={t('log.resendLabel', { id: d.messageId })}
                    >
                      {t('log.resend')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pagination.total > DELIVERY_PAGE_SIZE && (
        <Pagination
          total={Math.ceil(pagination.total / DELIVERY_PAGE_SIZE)}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({
            'aria-label': t(control === 'next' ? 'log.next_page' : `log.${control}`),
          })}
        />
      )}
    </Stack>
  );
}

/** One endpoint: what it receives, its state, and its actions. */
function EndpointCard({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (s: string) => void;
}) {
  const { t } = useTranslation('adminWebhooks');
  const rotate = useRotateSecret();
  const enabled = useSetEnabled();
  const test = useSendTest();
  const [showLog, setShowLog] = useState(false);
  const error = rotate.error ?? enabled.error ?? test.error;
  return (
    <Card withBorder component="section" aria-label={endpoint.url}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs">
              <Badge variant="outline">{t(`kinds.${endpoint.kind}`)}</Badge>
              {endpoint.enabled ? (
                <Badge color="green" variant="light">
                  {t('state.enabled')}
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  {endpoint.disabledReason === 'failing'
                    ? t('state.disabledFailing')
                    : t('state.disabled')}
                </Badge>
              )}
            </Group>
            <Text fw={600} style={{ wordBreak: 'break-all' }}>
              {endpoint.url}
            </Text>
            <Text size="xs" c="dimmed">
              {endpoint.events.map((e) => t(`events.${e.replace('.', '_')}`)).join(t('separator'))}
              {' · '}
              {endpoint.language === 'en' ? 'English' : '中文'}
            </Text>
            {endpoint.failingSince && (
              <Text size="xs" c="red">
                {t('state.failingSince', { time: formatDateTime(endpoint.failingSince) })}
              </Text>
            )}
            {endpoint.previousSecretUntil && (
              <Text size="xs" c="dimmed">
                {t('state.previousUntil', { time: formatDateTime(endpoint.previousSecretUntil) })}
              </Text>
            )}
          </Stack>
          <Group gap="xs" wrap="wrap">
            <Button
              size="xs"
              variant="light"
              loading={test.isPending}
              onClick={() => test.mutate(endpoint.id)}
              disabled={!endpoint.enabled}
            >
              {t('actions.test')}
            </Button>
            {endpoint.kind === 'standard' && (
              <Button
                size="xs"
                variant="light"
                loading={rotate.isPending}
                onClick={() =>
                  rotate.mutate(endpoint.id, { onSuccess: (a) => a.secret && onSecret(a.secret) })
                }
              >
                {t('actions.rotate')}
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              color={endpoint.enabled ? 'red' : 'green'}
              loading={enabled.isPending}
              onClick={() => enabled.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}
            >
              {endpoint.enabled ? t('actions.disable') : t('actions.enable')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              onClick={() => setShowLog((v) => !v)}
              aria-expanded={showLog}
            >
              {showLog ? t('actions.hideLog') : t('actions.showLog')}
            </Button>
          </Group>
        </Group>
        {error && (
          <Text size="sm" c="red" role="alert">
            {describeError(error, adminRequestFailed())}
          </Text>
        )}
        {test.isSuccess && (
          <Text size="sm" c="green" role="status">
            {t('actions.testQueued')}
          </Text>
        )}
        {showLog && <DeliveryLog endpoint={endpoint} />}
      </Stack>
    </Card>
  );
}

/**
 * /admin/webhooks (docs/webhooks.md): the endpoints with their actions and delivery logs, and the form of
 * a new one. A generated secret is shown once, in a modal.
 */
export function WebhookEndpoints() {
  const { t } = useTranslation('adminWebhooks');
  const list = useQuery(webhooksQueryOptions());
  const [secret, setSecret] = useState<string | null>(null);
  if (list.isPending) return <Text>{t('loading')}</Text>;
  if (list.isError)
    return (
      <Alert color="red" role="alert">
        {describeError(list.error, adminRequestFailed())}
      </Alert>
    );
  const { endpoints, kinds } = list.data;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <AddEndpoint kinds={kinds} onSecret={setSecret} />
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('list.title', { count: endpoints.length })}
        </Title>
        {endpoints.length === 0 ? (
          <Text c="dimmed">{t('list.empty')}</Text>
        ) : (
          endpoints.map((e) => <EndpointCard key={e.id} endpoint={e} onSecret={setSecret} />)
        )}
      </Stack>
      <SecretOnce secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}
