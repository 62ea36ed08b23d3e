import { Box } from '@mantine/core';

/** Line icons drawn inline (no icon library, no image requests). */
const PATHS = {
  code: 'M8 8l-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14',
  layers: 'M12 4l8 4.5-8 4.5-8-4.5zM4 13l8 4.5 8-4.5',
  template: 'M4 4h16v6H4zM4 14h7v6H4zM14 14h6v6h-6z',
  sparkles:
    'M11 4l1.6 4.4L17 10l-4.4 1.6L11 16l-1.6-4.4L5 10l4.4-1.6zM18 15l.7 1.8 1.8.7-1.8.7L18 20l-.7-1.8-1.8-.7 1.8-.7z',
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5h.01',
  minimal: 'M5 5h14v14H5zM9 12h6',
  wind: 'M3 9.5c2.5-3 5-3 7.5 0s5 3 7.5 0M6 15.5c2.5-3 5-3 7.5 0s5 3 7.5 0',
  devices: 'M3 5h13v10H3zM7 19h5M18 9h3v10h-3z',
  refresh: 'M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 4.5v4h-4',
  bolt: 'M13 3L5 14h6l-1 7 8-11h-6z',
} as const;

export type IconName = keyof typeof PATHS;

export function FeatureIcon({ name }: { name: IconName }) {
  return (
    <Box
      w={44}
      h={44}
      bg="blue.0"
      c="blue.8"
      style={{ borderRadius: 'var(--mantine-radius-md)', display: 'grid', placeItems: 'center' }}
      aria-hidden
    >
      <svg
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
      >
        <path d={PATHS[name]} />
      </svg>
    </Box>
  );
}
