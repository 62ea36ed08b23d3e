import { useMediaQuery } from '@mantine/hooks';

/** Narrower than Mantine's `sm` breakpoint (576px): a phone held upright (docs/payments.md). */
export const PHONE_QUERY = '(max-width: 575.98px)';

/** The user agents the server also treats as phones (backend payments.controller.ts). */
const MOBILE_AGENT = /Mobi|Android|iPhone|iPad|HarmonyOS|MicroMessenger/i;

export const isMobileAgent = (userAgent: string = globalThis.navigator?.userAgent ?? '') =>
  MOBILE_AGENT.test(userAgent);

/**
 * Whether the customer pays from the device they browse on: a narrow screen or a mobile user agent.
 * Then a QR code on the same screen cannot be scanned, and the payment app is opened by a link instead.
 */
export function usePhone(): boolean {
  const narrow = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
  return narrow || isMobileAgent();
}
