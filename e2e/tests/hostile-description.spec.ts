import { expect, test } from '../support/test';

/**
 * A product description written past the API's write path (by SQL or an import) holds markup that runs.
 * The API answers it as stored; the page must render none of it, even with the CSP out of the way.
 */
const HOSTILE = [
  '<p>Fine <strong>leather</strong> &amp; suede.</p>',
  '<script>window.pwned = 1</script>',
  '<img src=x onerror="window.pwned = 2">',
  '<a href="javascript:window.pwned = 3" id="hostile-link">a link</a>',
  '<iframe srcdoc="<script>parent.pwned = 4</script>"></iframe>',
  '<style>body { display: none }</style>',
  '<svg/onload=window.pwned=5></svg>',
  '<details open ontoggle="window.pwned = 6">details</details>',
  '<noscript><p title="</noscript><img src=x onerror=window.pwned=7>"></noscript>',
  '<p>After all, a shoe.</p>',
].join('');

test.use({ bypassCSP: true });

test('a product page renders a hostile stored description without running any of it', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.route('**/api/products/details/**', async (route) => {
    const response = await route.fetch();
    const [product] = (await response.json()) as { description: string }[];
    await route.fulfill({ response, json: [{ ...product, description: HOSTILE }] });
  });

  // The catalogue first, then the product: the browser fetches the product and renders it itself.
  await page.goto('/home');
  await page.locator('.product-card').first().getByRole('link').click();
  const description = page.locator('.product__description-body');
  await expect(description).toContainText('Fine leather & suede.');
  await expect(description).toContainText('After all, a shoe.');
  await expect(page.locator('body')).toBeVisible();

  expect(await description.locator('script, img, iframe, style, svg, details, a, noscript').count()).toBe(0);
  const attributes = await description.evaluate((body) =>
    Array.from(body.querySelectorAll('*')).flatMap((element) =>
      Array.from(element.attributes).map((each) => each.name),
    ),
  );
  expect(attributes).toEqual([]);
  expect(await page.evaluate(() => (window as { pwned?: unknown }).pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
