import { lazy, type ComponentType } from 'react';

/**
 * Route preloading on user intent (docs/product.md#screens: pages preload on hover or focus). The router registers
 * its map of route path → lazy import; links call preloadPath() with their target. Kept here, not in
 * the router, so shared components do not import the app (and tests need no router).
 */
export type Preloader = () => Promise<unknown>;

const registry = new Map<string, Preloader>();
const started = new Map<string, Promise<unknown>>();

export function registerPreloads(map: Record<string, Preloader>) {
  for (const [path, load] of Object.entries(map)) registry.set(normalise(path), load);
}

function normalise(path: string): string {
  const bare = path.split(/[?#]/)[0] || '/';
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}

/** Starts loading the page module for a link target, once; unknown or external targets are ignored. */
export function preloadPath(to: string): Promise<unknown> | undefined {
  if (!to.startsWith('/') || to.startsWith('//')) return undefined;
  const path = normalise(to);
  const load = registry.get(path);
  if (!load) return undefined;
  let pending = started.get(path);
  if (!pending) {
    pending = load().catch((error: unknown) => {
      started.delete(path); // a failed chunk may be retried on the next hover
      throw error;
    });
    pending.catch(() => undefined);
    started.set(path, pending);
  }
  return pending;
}

/** For tests. */
export function resetPreloads() {
  registry.clear();
  started.clear();
}

/**
 * A part of a page in its own chunk, loaded when first shown (a dialog opened on demand): `intent` holds
 * the hover, focus and touch handlers of the control that opens it, which start loading it early.
 */
export function lazyOnIntent<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Component = lazy(async () => ({ default: await load() }));
  const preload = () => {
    load().catch(() => undefined);
  };
  return { Component, intent: { onMouseEnter: preload, onFocus: preload, onTouchStart: preload } };
}
