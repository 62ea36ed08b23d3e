import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { api } from '../../../lib/api/client';
import { describeError, errorCode } from '../../../lib/errors';
import { AUTH_PREFIX, refreshSession } from '../../../lib/session';

/** Seconds before another code may be asked for (the server allows 3 per address per 15 minutes). */
export const RESEND_SECONDS = 60;

/** A number the error body carries beside the error shape (retryAfter, attemptsLeft). */
function bodyNumber(error: unknown, field: string): number | undefined {
  if (!isApiError(error) || !error.body || typeof error.body !== 'object') return undefined;
  const value = (error.body as Record<string, unknown>)[field];
  return typeof value === 'number' ? value : undefined;
}

/** Counts down to zero once a second. */
function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft] as const;
}

/**
 * Sign-in by e-mail code (docs/security.md, "E-mail sign-in"; on with EMAIL_SIGN_IN): the address, then
 * the six digits sent to it. Errors show beside their field; a new code waits for the countdown (or the
 * server's Retry-After). Signed in, the session is refreshed and the login page moves on.
 */
export function EmailCodeSignIn({
  purpose = 'sign-in',
  onDone,
}: {
  /** `wechat-email`: the e-mail step of an account made by WeChat (same code, same limits; docs/sign-in.md). */
  purpose?: 'sign-in' | 'wechat-email';
  onDone?: () => void;
} = {}) {
  const { t } = useTranslation('login');
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [wait, setWait] = useCountdown();

  const send = useMutation({
    mutationFn: (address: string) =>
      purpose === 'wechat-email'
        ? api.POST(`${AUTH_PREFIX}/wechat/email-code`, { body: { email: address } })
        : api.POST(`${AUTH_PREFIX}/email-code`, { body: { email: address } }),
    onSuccess: (_answer, address) => {
      setSentTo(address);
      setCode('');
      setWait(RESEND_SECONDS);
    },
    onError: (error) => {
      const retryAfter = bodyNumber(error, 'retryAfter');
      if (retryAfter) setWait(retryAfter);
    },
    meta: { silent: true },
  });
  const verify = useMutation({
    mutationFn: (vars: { email: string; code: string }) =>
      purpose === 'wechat-email'
        ? api.POST(`${AUTH_PREFIX}/wechat/email-code/verify`, { body: vars })
        : api.POST(`${AUTH_PREFIX}/email-code/verify`, { body: vars }),
    onSuccess: async () => {
      await refreshSession(client);
      onDone?.();
    },
    meta: { silent: true },
  });

  const sendError = send.error ? describeError(send.error) : null;
  const attemptsLeft = bodyNumber(verify.error, 'attemptsLeft');
  const verifyError = verify.error
    ? [
        describeError(verify.error),
        errorCode(verify.error) === 'EMAIL_CODE_INVALID' && attemptsLeft
          ? t('emailCode.attemptsLeft', { count: attemptsLeft })
          : null,
      ]
        .filter(Boolean)
        .join(' ')
    : null;

  const submitEmail = (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!address) return;
    verify.reset();
    send.mutate(address);
  };
  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (sentTo && /^\d{6}$/.test(code)) verify.mutate({ email: sentTo, code });
  };

  if (!sentTo) {
    return (
      <form onSubmit={submitEmail} noValidate>
        <Stack gap="sm">
          <TextInput
            type="email"
            autoComplete="email"
            label={t('emailCode.emailLabel')}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={sendError}
            required
          />
          <Button
            type="submit"
            variant="light"
            loading={send.isPending}
            disabled={!email.trim() || wait > 0}
            fullWidth
          >
            {wait > 0 ? t('emailCode.resendIn', { seconds: wait }) : t('emailCode.send')}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={submitCode} noValidate>
      <Stack gap="sm">
        <Text size="sm" role="status">
          {t('emailCode.sent', { email: sentTo })}
        </Text>
        <TextInput
          label={t('emailCode.codeLabel')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
          error={verifyError ?? (send.error ? sendError : null)}
          required
        />
        <Button type="submit" loading={verify.isPending} disabled={code.length !== 6} fullWidth>
          {purpose === 'wechat-email' ? t('emailCode.confirm') : t('emailCode.verify')}
        </Button>
        <Group justify="space-between">
          <Button
            variant="subtle"
            size="xs"
            px={0}
            disabled={wait > 0 || send.isPending}
            onClick={() => {
              verify.reset();
              send.mutate(sentTo);
            }}
          >
            {wait > 0 ? t('emailCode.resendIn', { seconds: wait }) : t('emailCode.resend')}
          </Button>
          <Anchor
            component="button"
            type="button"
            size="xs"
            onClick={() => {
              setSentTo(null);
              send.reset();
              verify.reset();
            }}
          >
            {t('emailCode.changeEmail')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
