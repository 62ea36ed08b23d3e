import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { i18n, i18nReady, LANGUAGE_COOKIE, type Language } from '../lib/i18n';
import { render, type AppRenderOptions } from './render';

/** Every catalogue of both languages, bundled for tests (the app fetches them one by one). */
const catalogues = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** The language tests start in: jsdom's browser prefers en-US, so the app would pick `en` too. */
export const TEST_LANGUAGE: Language = 'en';

/**
 * Loads every namespace of both languages into the app's i18next instance, so components never
 * suspend for a catalogue in tests (setup.ts runs it once per test file).
 */
export async function loadAllCatalogues() {
  await i18nReady;
  for (const [path, resources] of Object.entries(catalogues)) {
    const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (language && namespace) i18n.addResourceBundle(language, namespace, resources, true, true);
  }
  await i18n.changeLanguage(TEST_LANGUAGE);
}

/** Switches the app's language (as the switch would, without the cookie). */
export async function setTestLanguage(language: Language) {
  await act(async () => {
    await i18n.changeLanguage(language);
  });
}

/** Back to the test language, without a saved choice (setup.ts, after each test). */
export async function resetTestLanguage() {
  document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0`;
  if (i18n.language !== TEST_LANGUAGE) await i18n.changeLanguage(TEST_LANGUAGE);
}

/** Renders UI (see render) in the given language. */
export async function renderIn(language: Language, ui: ReactElement, options?: AppRenderOptions) {
  await setTestLanguage(language);
  return render(ui, options);
}

/** A catalogue text in a language, for assertions: tr('zh-CN', 'profile:title'). */
export function tr(language: Language, key: string, values?: Record<string, unknown>): string {
  return i18n.getFixedT(language)(key, values);
}
