import type { FocusEvent, MouseEvent, Ref, TouchEvent } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { preloadPath } from '../lib/preload';

export type PreloadLinkProps = LinkProps & { ref?: Ref<HTMLAnchorElement> };

const targetOf = (to: LinkProps['to']) => (typeof to === 'string' ? to : (to.pathname ?? ''));

/** A router Link that starts loading its page on hover, focus or touch (docs/product.md#screens: preload on intent). */
export function PreloadLink({
  to,
  onMouseEnter,
  onFocus,
  onTouchStart,
  ref,
  ...props
}: PreloadLinkProps) {
  const preload = () => {
    preloadPath(targetOf(to))?.catch(() => undefined);
  };
  return (
    <Link
      ref={ref}
      to={to}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        onMouseEnter?.(event);
        preload();
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        onFocus?.(event);
        preload();
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        onTouchStart?.(event);
        preload();
      }}
      {...props}
    />
  );
}
