import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const positions = new Map<string, number>();

/**
 * Scroll like a multi-page site: a new page starts at the top (or at its #anchor), and back/forward
 * returns to where that entry was left.
 */
export function ScrollManager() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  const firstPage = useRef(true);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // Remember this entry's position while it is shown.
  useEffect(() => {
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key]);

  useLayoutEffect(() => {
    // The page the browser opened is where the browser put it (the top, or its #anchor below): reading
    // window.scrollY here would force a layout of the whole first page inside React's commit, before
    // its first paint.
    const opened = firstPage.current;
    firstPage.current = false;
    if (opened && !hash) return;
    if (navigationType === 'POP' && !opened) {
      const saved = positions.get(key) ?? 0;
      if (window.scrollY !== saved) window.scrollTo(0, saved);
      return;
    }
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    if (window.scrollY !== 0) window.scrollTo(0, 0);
  }, [key, hash, navigationType]);

  return null;
}
