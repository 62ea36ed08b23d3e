import type { AppConfig } from '../config/env';

/** Where Google serves profile pictures (the header's avatar of a Google account). */
export const GOOGLE_AVATAR_SOURCE = 'https://*.googleusercontent.com';

/**
 * The app's `img-src` (docs/security.md, "Exposure"): the store's own origin and data: URLs (QR codes),
 * Google's profile pictures when Google signs people in, and the hosts the seller listed in
 * DOCS_IMAGE_HOSTS, each as a CSP host source without a scheme (the page's scheme, or https). Markdown
 * images from anywhere else are not loaded: the browser refuses them, and the renderer
 * (frontend/src/components/SafeMarkdown.tsx) drops them first.
 */
export function imageSources(config: Pick<AppConfig, 'google' | 'security'>): string[] {
  return [
    "'self'",
    'data:',
    ...(config.google ? [GOOGLE_AVATAR_SOURCE] : []),
    ...config.security.docsImageHosts,
  ];
}
