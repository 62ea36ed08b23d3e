import { Alert, Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';
import { PreloadLink } from './PreloadLink';

/** The reserved domain of an account made by WeChat until it proves an address (backend users/awaiting-email.ts). */
export const AWAITING_EMAIL_DOMAIN = 'wechat.invalid';

export const isAwaitingEmail = (email: string | undefined) =>
  Boolean(email?.endsWith(`@${AWAITING_EMAIL_DOMAIN}`));

/**
 * The console's note for an account made by WeChat without an e-mail address (docs/sign-in.md): it can
 * look around but not pay (the payment routes answer ACCOUNT_EMAIL_REQUIRED) until it confirms one on
 * the profile page. Texts: the console catalogue.
 */
export function AwaitingEmailNotice() {
  const { t } = useTranslation('console');
  const { data: session } = useSession();
  if (!isAwaitingEmail(session?.user.email)) return null;
  return (
    <Alert color="yellow" variant="light" role="status" title={t('awaitingEmail.title')}>
      <Text size="sm">{t('awaitingEmail.why')}</Text>
      <Anchor component={PreloadLink} to="/profile" size="sm" fw={600}>
        {t('awaitingEmail.link')}
      </Anchor>
    </Alert>
  );
}
