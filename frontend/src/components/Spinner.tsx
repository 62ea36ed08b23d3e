import { Loader, type MantineSize } from '@mantine/core';

/**
 * A small loading indicator that says what is loading. Mantine's Loader is a plain `<span>`, where a
 * name alone is not allowed (axe: aria-prohibited-attr), so it gets a role: `status` (announced), or `img`
 * inside a container that is already the status region (`inStatus`), so that there is one status only.
 */
export function Spinner({
  label,
  size = 'sm',
  inStatus = false,
}: {
  label: string;
  size?: MantineSize;
  inStatus?: boolean;
}) {
  return <Loader size={size} role={inStatus ? 'img' : 'status'} aria-label={label} />;
}
