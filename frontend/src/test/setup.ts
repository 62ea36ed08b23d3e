import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadAllCatalogues, resetTestLanguage } from './i18n';

// findBy*/waitFor wait up to 5 s, not 1 s: a lazy dialog's chunk can take longer than a second to load
// while the 2-core CI machine runs other suites (dashboard-buy's plan picker did, once).
configure({ asyncUtilTimeout: 5000 });

// Both languages' catalogues, loaded at once; every test starts in English (jsdom's browser language).
await loadAllCatalogues();

afterEach(() => {
  cleanup();
  // Toasts live in a module-level store: start every test without the previous test's toasts.
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

afterEach(() => resetTestLanguage());

// MantineProvider reads colour-scheme media queries: jsdom has no matchMedia.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

// Combobox, ScrollArea and Popover measure elements.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
