import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AUTH_PREFIX } from '../../../lib/session';

/** What the server says went wrong coming back from WeChat (`/login?error=...`, docs/sign-in.md). */
export const WECHAT_FAILURES = [
  'WechatState',
  'WechatCode',
  'WechatDenied',
  'WechatFailed',
  'WechatLinkedElsewhere',
] as const;
export type WechatFailure = (typeof WECHAT_FAILURES)[number];

export const isWechatFailure = (error: string | null | undefined): error is WechatFailure =>
  (WECHAT_FAILURES as readonly string[]).includes(error ?? '');

/** WeChat's own browser on a phone (User-Agent "MicroMessenger"): its QR code cannot be scanned there. */
export function isWechatPhoneBrowser(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent) && /Mobi|Android|iPhone|iPad|HarmonyOS/i.test(userAgent);
}

export function WechatMark() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="#07C160"
        d="M8.7 3C4.4 3 1 5.9 1 9.5c0 2 1.1 3.8 2.9 5l-.7 2.2 2.6-1.3c.9.3 1.9.4 2.9.4h.6a5.8 5.8 0 0 1-.2-1.6c0-3.5 3.3-6.3 7.4-6.3h.6C16.4 4.9 12.9 3 8.7 3zm-2.6 3.2a1 1 0 1 1 0 2 1 1 0 0 1 0-2zm5.3 0a1 1 0 1 1 0 2 1 1 0 0 1 0-2zM23 14.1c0-3-2.9-5.4-6.5-5.4S10 11.1 10 14.1s2.9 5.4 6.5 5.4c.8 0 1.6-.1 2.3-.4l2.1 1.1-.6-1.8c1.6-1 2.7-2.6 2.7-4.3zm-8.6-.9a.9.9 0 1 1 0-1.8.9.9 0 0 1 0 1.8zm4.3 0a.9.9 0 1 1 0-1.8.9.9 0 0 1 0 1.8z"
      />
    </svg>
  );
}

/**
 * "微信扫码登录" (docs/sign-in.md): a link to the server's start, which sends the browser to WeChat's QR page.
 * Inside WeChat on a phone the QR cannot be scanned by the same phone: the page says so and leaves the
 * other ways in.
 */
export function WechatSignIn({ redirect }: { redirect: string }) {
  const { t } = useTranslation('login');
  if (typeof navigator !== 'undefined' && isWechatPhoneBrowser(navigator.userAgent)) {
    return (
      <Alert color="yellow" variant="light" role="status" title={t('wechat.inWechatTitle')}>
        {t('wechat.inWechat')}
      </Alert>
    );
  }
  return (
    <Button
      component="a"
      href={`${AUTH_PREFIX}/wechat/start?${new URLSearchParams({ callbackURL: redirect })}`}
      size="md"
      variant="default"
      leftSection={<WechatMark />}
      fullWidth
    >
      {t('wechat.button')}
    </Button>
  );
}
