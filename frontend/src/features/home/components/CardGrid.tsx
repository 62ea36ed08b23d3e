import { Box, type BoxProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A list laid out as a grid of cards at least `min` wide: one column on a 360 px phone, more as the
 * screen grows. A CSS grid rather than SimpleGrid, whose breakpoint machinery the first page can skip.
 */
export function CardGrid({
  min = 280,
  ordered = false,
  children,
  ...props
}: { min?: number; ordered?: boolean; children: ReactNode } & BoxProps) {
  return (
    <Box
      component={ordered ? 'ol' : 'ul'}
      m={0}
      p={0}
      {...props}
      style={{
        listStyle: 'none',
        display: 'grid',
        gap: 'var(--mantine-spacing-lg)',
        gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${min}px), 1fr))`,
      }}
    >
      {children}
    </Box>
  );
}
