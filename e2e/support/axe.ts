import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rules the shop is held to: WCAG 2.1 A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Runs axe-core on the page as it is now (an open dialog, menu or popover included) and fails with every
 * violation listed: its rule, its impact and the elements it found, with axe's reason for the first few.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  // Colours are judged as they settle, not halfway through a fade: with reduced motion asked for, the
  // shop's slides and fades jump to their end (a carousel that moves on while axe runs would otherwise show
  // it a card at half opacity). Then what still runs is waited for (an endless animation never ends); on a
  // busy machine that can take a few seconds.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Infinity,
          ),
      null,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  const { violations } = await new AxeBuilder({ page })
    .withTags(TAGS)
    .analyze()
    .finally(() => page.emulateMedia({ reducedMotion: null }));
  const found = violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    elements: violation.nodes.length,
    first: violation.nodes
      .slice(0, 3)
      .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  }));
  expect(found, `axe-core violations on ${where} (${page.url()})`).toEqual([]);
}
