import { Alert, Button, Container, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { PageLoader } from '../components/PageLoader';
import { EmailCodeSignIn } from '../features/auth/components/EmailCodeSignIn';
import {
  isWechatFailure,
  WechatSignIn,
  type WechatFailure,
} from '../features/auth/components/WechatSignIn';
import { api } from '../lib/api/client';
import { AUTH_PREFIX, safeRedirect, signIn, useSession } from '../lib/session';
import { usePageTitle } from '../lib/use-page-title';

/** The page's catalogue (src/locales/<language>/login.json), loaded with its code. */
export const namespaces = ['login'];

/** The text (its key in the login catalogue) for the `error` query parameter (docs/product.md#screens /login). */
export function loginErrorKey(error: string | null): 'callbackError' | 'otherError' | null {
  if (!error) return null;
  return error === 'OAuthCallbackError' ? 'callbackError' : 'otherError';
}

/**
 * Why, beside the spec's text, for the errors the reader can act on: `EmailNotVerified`, the provider has
 * not verified the address, so no account was made from it (docs/security.md, "Identity").
 */
export function loginErrorReasonKey(
  error: string | null,
): 'emailNotVerified' | `wechat.errors.${WechatFailure}` | null {
  if (error === 'EmailNotVerified') return 'emailNotVerified';
  return isWechatFailure(error) ? `wechat.errors.${error}` : null;
}

/**
 * How this server signs people in (GET /api/auth/providers): `google` is absent when Google credentials are
 * missing and the development sign-in does not serve this address (it answers only on loopback, or with
 * DEV_SIGN_IN=1).
 */
function useSignInProviders() {
  return useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => api.GET(`${AUTH_PREFIX}/providers`, { signal }),
    staleTime: Infinity,
    // Unknown (failed) is not "missing": the button stays usable and the sign-in call has the last word.
    meta: { silent: true },
  });
}

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.7c4.3-4 6.9-9.9 6.9-17.1z"
      />
      <path
        fill="#FBBC05"
        d="M10.5 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.7c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

/** /login (docs/product.md#screens): one button for Google sign-in; the redirect parameter names the return target. */
export default function LoginPage() {
  const { t } = useTranslation('login');
  usePageTitle(t('title'));
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const errorKey = loginErrorKey(params.get('error'));
  const reasonKey = loginErrorReasonKey(params.get('error'));
  const session = useSession();
  const client = useQueryClient();
  const start = useMutation({ mutationFn: () => signIn(redirect, { client }) });
  const providers = useSignInProviders();
  const missing = providers.isSuccess && !providers.data?.google;
  // Sign-in by e-mail code, only when the server offers it (EMAIL_SIGN_IN=true).
  const emailCode = providers.isSuccess && Boolean(providers.data?.email);
  const [byCode, setByCode] = useState(false);
  // WeChat scan-to-sign-in, only when the server is configured for it (WECHAT_LOGIN_APP_ID).
  const wechat = providers.isSuccess && Boolean(providers.data?.wechat);

  if (session.data) return <Navigate to={redirect} replace />;
  if (session.isPending) return <PageLoader />;

  // While the browser is leaving for the identity provider, the button stays busy.
  const busy =
    start.isPending || (start.isSuccess && Boolean(start.data?.url && start.data.redirect));

  return (
    <Container size={420} py={80}>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={26}>
              {t('title')}
            </Title>
            <Text size="sm" c="gray.8">
              {wechat ? t('wechat.intro') : t('intro')}
            </Text>
          </Stack>
          {errorKey && (
            <Alert color="red" variant="light" role="alert">
              {t(errorKey)}
              {reasonKey && (
                <Text size="sm" mt={4}>
                  {t(reasonKey)}
                </Text>
              )}
            </Alert>
          )}
          {missing && (
            <Alert color="yellow" variant="light" role="status">
              {t('credentialsMissing')}
            </Alert>
          )}
          {wechat && <WechatSignIn redirect={redirect} />}
          <Button
            size="md"
            variant="default"
            leftSection={<GoogleMark />}
            loading={busy}
            disabled={missing}
            onClick={() => start.mutate()}
            fullWidth
          >
            {t('google')}
          </Button>
          {emailCode && (
            <>
              <Divider label={t('or')} labelPosition="center" />
              {byCode ? (
                <EmailCodeSignIn />
              ) : (
                <Button size="md" variant="default" onClick={() => setByCode(true)} fullWidth>
                  {t('emailCode.start')}
                </Button>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
