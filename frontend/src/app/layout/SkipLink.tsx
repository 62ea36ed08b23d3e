import { useState, type CSSProperties, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Off-screen but read and focusable (the usual visually-hidden pattern, not display:none). */
const HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

const SHOWN: CSSProperties = {
  position: 'absolute',
  top: 8,
  left: 8,
  zIndex: 1000,
  padding: '8px 12px',
  background: 'var(--mantine-color-white)',
  color: 'var(--mantine-color-blue-9)',
  border: '2px solid var(--mantine-color-blue-8)',
  borderRadius: 'var(--mantine-radius-md)',
  fontWeight: 600,
  textDecoration: 'underline',
};

/**
 * "Skip to main content" (docs/architecture.md, accessibility): the first stop of Tab on every page,
 * shown only while focused; it moves the focus into <main id={targetId}> (which takes focus: tabIndex -1),
 * or to the element inside it marked data-skip-target (the back office's page, past its sidebar), so the
 * next Tab goes to the page's first control instead of through the header (or the sidebar) again.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const { t } = useTranslation('common');
  const [focused, setFocused] = useState(false);
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(targetId);
    // A layout inside <main> with navigation of its own (the back office's sidebar) marks where its
    // content starts, so the skip passes that navigation too.
    const target = main?.querySelector<HTMLElement>('[data-skip-target]') ?? main;
    if (!target) return;
    // Not a navigation: the router would see #main as a new location.
    event.preventDefault();
    target.focus();
    target.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a
      href={`#${targetId}`}
      onClick={skip}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      style={focused ? SHOWN : HIDDEN}
    >
      {t('skipToMain')}
    </a>
  );
}
