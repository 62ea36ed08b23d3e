import type { PaymentMethod } from '../lib/api/types';

/** The enabled payment methods as GET /api/payments/methods answers them (the gateways' own texts). */
export const METHODS: Record<PaymentMethod['id'], PaymentMethod> = {
  alipay: {
    id: 'alipay',
    displayName: { 'zh-CN': '支付宝', en: 'Alipay' },
    scanWith: { 'zh-CN': '请使用支付宝扫一扫支付', en: 'Scan with Alipay (Scan)' },
  },
  wechat: {
    id: 'wechat',
    displayName: { 'zh-CN': '微信支付', en: 'WeChat Pay' },
    scanWith: { 'zh-CN': '请使用微信扫一扫支付', en: 'Scan with WeChat (Scan QR Code)' },
  },
  sandbox: {
    id: 'sandbox',
    displayName: { 'zh-CN': '沙箱', en: 'Sandbox' },
    scanWith: {
      'zh-CN': '用手机相机扫码，打开沙箱支付页',
      en: "Scan with your phone's camera to open the sandbox payment page",
    },
  },
};

/**
 * Makes the screen a phone's (the media query `query` matches) until the returned function restores it.
 * jsdom has no layout: the setup's matchMedia answers false to everything.
 */
export function narrowScreen(query: string): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((media: string) => ({
    ...original(media),
    matches: media === query,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}
