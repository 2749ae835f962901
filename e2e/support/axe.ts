import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rules the shop is held to: WCAG 2.1 A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Runs axe-core on the page as it is now (an open dialog, menu or popover included) and fails with every
 * violation listed: its rule, its impact and the elements it found, with axe's reason for the first few.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  // Colours are judged once fades and slides have ended (an endless animation never does); on a busy
  // machine a slide's fade can take a few seconds to finish.
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
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
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
