import { Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { textForCode } from '../../../lib/errors';
import { useBatchAddVipEmails } from '../api/batch-add-vip-emails';
import { noValidEmails, parseEmailBatch, type BatchResult } from '../vip-rules';

/**
 * The addresses the server did not add, with why (kept on screen after the toast is gone): each reason
 * by its code in the active language (the errors catalogue), else as the server worded it.
 */
function Leftovers({ result }: { result: BatchResult }) {
  const { t } = useTranslation('adminVip');
  if (result.failed.length === 0 && result.skipped.length === 0) return null;
  return (
    <Stack gap={6} aria-label={t('batch.result')} role="region">
      {result.failed.length > 0 && (
        <div>
          <Text size="sm" fw={600} c="red.8">
            {t('batch.formatErrors', { count: result.failed.length })}
          </Text>
          <List size="sm" spacing={2}>
            {result.failed.map((entry, i) => (
              <List.Item key={`${entry.email}-${i}`}>
                {entry.email}: {textForCode(entry.code, entry.reason)}
              </List.Item>
            ))}
          </List>
        </div>
      )}
      {result.skipped.length > 0 && (
        <div>
          <Text size="sm" fw={600} c="dimmed">
            {t('batch.alreadyListed', { count: result.skipped.length })}
          </Text>
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {result.skipped.join(', ')}
          </Text>
        </div>
      )}
    </Stack>
  );
}

/**
 * The batch tab (docs/product.md#screens, #validation): a textarea of addresses, split on newlines, commas and semicolons; only
 * entries with @ are sent, and none at all gives '请输入有效的邮箱地址'. The mutation toasts the result.
 */
export function VipBatchAdd() {
  const { t } = useTranslation('adminVip');
  const batch = useBatchAddVipEmails();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<BatchResult | null>(null);
  const recognised = parseEmailBatch(text).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const emails = parseEmailBatch(text);
    if (emails.length === 0) {
      setError(noValidEmails());
      return;
    }
    setError(null);
    setResult(null);
    batch.mutate(emails, {
      onSuccess: (answer) => {
        setResult(answer);
        setText('');
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
          </Text>
          <Button type="submit" loading={batch.isPending}>
            {t('batch.submit')}
          </Button>
        </Group>
        {result && <Leftovers result={result} />}
      </Stack>
    </form>
  );
}
