/**
 * The home page's structure (docs/product.md#screens /home): which cards each band shows, in order, and
 * their icons. The texts are in the `home` catalogue (src/locales/<language>/home.json) under these keys.
 */
import type { IconName } from './components/FeatureIcon';

export interface Feature {
  icon: IconName;
  /** home:<band>.<key>.title and .description */
  key: string;
}

export const EDITOR_FEATURES: Feature[] = [
  { icon: 'code', key: 'html' },
  { icon: 'layers', key: 'noFramework' },
  { icon: 'template', key: 'templates' },
  { icon: 'sparkles', key: 'ai' },
  { icon: 'image', key: 'images' },
];

export const THEME_FEATURES: Feature[] = [
  { icon: 'minimal', key: 'minimal' },
  { icon: 'wind', key: 'tailwind' },
  { icon: 'devices', key: 'responsive' },
  { icon: 'refresh', key: 'updates' },
  { icon: 'bolt', key: 'performance' },
];

/**
 * The three Lighthouse categories: the label from the catalogue (home:performance.<key>); `lighthouse`
 * is Lighthouse's own English name for it, shown under a label in another language (a proper name).
 */
export const SCORES = [
  { key: 'performance', lighthouse: 'Performance' },
  { key: 'accessibility', lighthouse: 'Accessibility' },
  { key: 'bestPractices', lighthouse: 'Best Practices' },
] as const;

/** The four steps (home:steps.<key>.title and .description). */
export const STEPS = ['register', 'token', 'install', 'configure'] as const;
