import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * floating-ui's `useMergeRefs`, as Mantine's ScrollArea calls it (one array of refs), made of Mantine's
 * own `useMergedRef`. The build gives it to ScrollArea in place of `@floating-ui/react` (vite.config.mts):
 * that one import otherwise brings the whole of floating-ui (~16 kB gzip) into the console's first
 * screen, whose seat table scrolls in Table.ScrollContainer. Popovers, menus and tooltips keep the real
 * floating-ui.
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>): Ref<T> {
  return useMergedRef(...refs);
}
