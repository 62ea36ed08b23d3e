import type { TFunction } from 'i18next';

/** A session's device in the reader's language: 'Chrome on Windows' / 'Windows 上的 Chrome'. */
export function deviceLabel(
  device: { browser: string | null; os: string | null },
  t: TFunction,
): string {
  return t('profile:sessions.device', {
    browser: device.browser ?? t('profile:sessions.unknownBrowser'),
    os: device.os ?? t('profile:sessions.unknownSystem'),
  });
}
