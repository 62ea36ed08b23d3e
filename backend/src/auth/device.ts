/**
 * What a session's User-Agent says about the device, for the customer's list of sessions
 * (docs/rules.md, "The customer's account"): a browser and an operating system by their common names, or
 * null when the string does not say. Only the well-known families; the frontend words it ("Chrome on
 * Windows") in the reader's language. The raw User-Agent is never shown nor exported beyond this.
 */
export interface Device {
  browser: string | null;
  os: string | null;
}

/** The longest User-Agent kept with a session (longer ones are cut). */
export const MAX_USER_AGENT = 512;

// Order matters: Edge and Opera also say Chrome; Chrome also says Safari; iOS browsers say Safari.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bMicroMessenger\//, 'WeChat'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bFxiOS\//, 'Firefox'],
  [/\bCriOS\//, 'Chrome'],
  [/\bFirefox\//, 'Firefox'],
  [/\bChromium\//, 'Chromium'],
  [/\b(?:Headless)?Chrome\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bMSIE |\bTrident\//, 'Internet Explorer'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bHarmonyOS\b/, 'HarmonyOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const firstMatch = (ua: string, table: [RegExp, string][]) =>
  table.find(([re]) => re.test(ua))?.[1] ?? null;

export function deviceOf(userAgent: string | null | undefined): Device {
  const ua = (userAgent ?? '').slice(0, MAX_USER_AGENT);
  if (!ua.trim()) return { browser: null, os: null };
  // HarmonyOS phones also say Android; say the system they run.
  const os = /\bHarmonyOS\b|\bOpenHarmony\b/.test(ua) ? 'HarmonyOS' : firstMatch(ua, SYSTEMS);
  return { browser: firstMatch(ua, BROWSERS), os };
}
