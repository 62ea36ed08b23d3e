import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.0 A and AA; `wcag21` adds 2.1's (the pages a journey checks whole, at both sizes). */
const WCAG20 = ['wcag2a', 'wcag2aa'];
const WCAG21 = [...WCAG20, 'wcag21a', 'wcag21aa'];

/**
 * Waits (up to 2 s) for the page's finite animations and transitions to end: a dialog fading in has its text
 * at partial opacity, which axe measures as too little contrast. Endless ones (a loader) are not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
}

/**
 * The serious and critical axe findings on the page as it is now (or inside `include`), one line each,
 * prefixed with `label`: journeys expect none (docs/architecture.md, every screen for every person).
 * `pointerAway` moves the mouse off the page first: a hovered link or button is not the page at rest.
 */
export async function seriousAxe(
  page: Page,
  {
    include = [],
    label,
    wcag21 = false,
    pointerAway = false,
  }: { include?: string | string[]; label?: string; wcag21?: boolean; pointerAway?: boolean } = {},
): Promise<string[]> {
  if (pointerAway) await page.mouse.move(1, 1);
  await settleAnimations(page);
  let builder = new AxeBuilder({ page }).withTags(wcag21 ? WCAG21 : WCAG20);
  for (const selector of typeof include === 'string' ? [include] : include)
    builder = builder.include(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label ? `${label}: ` : ''}${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}
