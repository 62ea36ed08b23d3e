import { Badge, Button, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { textForCode } from '../../../lib/errors';
import { useBatchAddVipEmails } from '../api/batch-add-vip-emails';
import {
  batchEntries,
  noValidEmails,
  parseEmailBatch,
  splitEmailBatch,
  type BatchEntry,
  type BatchOutcome,
} from '../vip-rules';

const OUTCOMES: readonly BatchOutcome[] = ['added', 'already-listed', 'repeated', 'invalid'];
const outcomeColor: Record<BatchOutcome, string> = {
  added: 'teal',
  'already-listed': 'gray',
  repeated: 'gray',
  invalid: 'red',
};

/**
 * Every typed entry and its outcome (kept on screen after the toast is gone): counts by outcome, then
 * each entry; a refusal's reason by its code in the active language (the errors catalogue).
 */
function Outcomes({ entries }: { entries: readonly BatchEntry[] }) {
  const { t } = useTranslation('adminVip');
  const count = (outcome: BatchOutcome) => entries.filter((e) => e.outcome === outcome).length;
  return (
    <Stack gap="xs" aria-label={t('batch.result')} role="region">
      <Group gap="xs">
        {OUTCOMES.filter((outcome) => count(outcome) > 0).map((outcome) => (
          <Badge key={outcome} color={outcomeColor[outcome]} variant="light" tt="none">
            {t(`batch.counts.${outcome}`, { count: count(outcome) })}
          </Badge>
        ))}
      </Group>
      {count('invalid') > 0 && (
        <Text size="sm" c="red.8">
          {t('batch.keptToFix', { count: count('invalid') })}
        </Text>
      )}
      <Table.ScrollContainer minWidth={320}>
        <Table aria-label={t('batch.entries')} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('batch.entry')}</Table.Th>
              <Table.Th>{t('batch.outcome')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry, i) => (
              <Table.Tr key={`${entry.input}-${i}`}>
                <Table.Td style={{ wordBreak: 'break-all' }}>{entry.input}</Table.Td>
                <Table.Td>
                  <Text size="sm" c={entry.outcome === 'invalid' ? 'red.8' : undefined}>
                    {entry.outcome === 'invalid'
                      ? t('batch.outcomes.invalid', {
                          reason: textForCode(entry.code ?? 'VIP_EMAIL_INVALID', ''),
                        })
                      : t(`batch.outcomes.${entry.outcome}`)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/**
 * The batch tab (docs/product.md#screens, #validation): a textarea of addresses, split on newlines, commas and semicolons; only
 * entries with @ are sent, and none at all gives '请输入有效的邮箱地址'. The mutation toasts the result;
 * every entry is then listed with its outcome, and the refused ones stay in the box to fix.
 */
export function VipBatchAdd() {
  const { t } = useTranslation('adminVip');
  const batch = useBatchAddVipEmails();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [entries, setEntries] = useState<BatchEntry[] | null>(null);
  const typed = splitEmailBatch(text);
  const recognised = parseEmailBatch(text).length;
  const notAddresses = typed.length - recognised;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const emails = parseEmailBatch(text);
    if (emails.length === 0) {
      setError(noValidEmails());
      return;
    }
    setError(null);
    setEntries(null);
    const sent = splitEmailBatch(text);
    batch.mutate(emails, {
      onSuccess: (answer) => {
        const outcomes = batchEntries(sent, answer);
        setEntries(outcomes);
        // The refused entries stay to be fixed; the rest leave the box.
        setText(
          outcomes
            .filter((e) => e.outcome === 'invalid')
            .map((e) => e.input)
            .join('\n'),
        );
      },
    });
  };

  return (
    <form onSubmit={submit} aria-label={t('batch.form')} noValidate>
      <Stack gap="sm">
        <Textarea
          label={t('batch.label')}
          description={t('batch.description')}
          placeholder={t('batch.placeholder')}
          rows={10}
          resize="vertical"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          disabled={batch.isPending}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('batch.recognised', { count: recognised })}
            {notAddresses > 0 && ` · ${t('batch.notAddresses', { count: notAddresses })}`}
          </Text>
          <Button type="submit" loading={batch.isPending}>
            {t('batch.submit')}
          </Button>
        </Group>
        {entries && <Outcomes entries={entries} />}
      </Stack>
    </form>
  );
}
