import type { Page } from '@playwright/test';
import { PLAIN_PAGES } from '../support/shop';
import { expect, test, waitingForApp } from '../support/test';

interface StoredCartItem {
  id: string;
  name: string;
  description: string;
  img: string;
  size: string;
  idAux: string;
  price: number;
  count: number;
  totalPrice: number;
}

const readCart = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('carrito') ?? '[]') as StoredCartItem[]);

const productCount = (page: Page) => page.getByRole('status').filter({ hasText: /\d+ products?$/ });

test.describe('storefront', () => {
  test('landing to catalogue, filter by brand and gender, page 2, product, size, add to cart, duplicate', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Only Basketball' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'for men' })).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Products', exact: true })
      .click();
    await expect(page).toHaveURL(/\/home$/);
    // The seeded 125, or more while the staff's journey adds one beside this one.
    await expect(productCount(page)).toHaveText(/^1\d\d products$/);
    await expect(page.locator('.product-card')).toHaveCount(12);

    await page.getByRole('button', { name: /Filters/ }).click();
    const filters = page.getByRole('dialog');
    await filters.getByLabel('Brand').selectOption('nike');
    await filters.getByLabel('Gender').selectOption('men');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/brand=nike/);
    await expect(page).toHaveURL(/gender=men/);
    const filteredTotal = Number((await productCount(page).textContent())?.split(' ')[0]);
    expect(filteredTotal).toBeGreaterThan(0);

    // Every card on the filtered page is a nike shoe.
    const brands = await page.locator('.product-card .text-uppercase').allTextContents();
    expect(brands.every((brand) => brand.trim() === 'nike')).toBe(true);

    // The whole catalogue filtered this way, page 2.
    await page.getByRole('button', { name: /Filters/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear' }).click();
    // The seeded 125, or more while the staff's journey adds one beside this one.
    await expect(productCount(page)).toHaveText(/^1\d\d products$/);
    const firstPageNames = await page.locator('.product-card h3').allTextContents();
    const pages = page.getByRole('navigation', { name: 'Catalogue pages' });
    await pages.getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pages.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.locator('.product-card h3').first()).not.toHaveText(firstPageNames[0] ?? '');
    const secondPageNames = await page.locator('.product-card h3').allTextContents();
    expect(secondPageNames.filter((name) => firstPageNames.includes(name))).toEqual([]);

    // The back button returns to page 1.
    await page.goBack();
    await expect(page).not.toHaveURL(/page=2/);

    // Product page.
    await page.goForward();
    await expect(page).toHaveURL(/page=2/);
    const firstCard = page.locator('.product-card').first();
    const productName = (await firstCard.locator('h3').textContent())?.trim() ?? '';
    await firstCard.getByRole('link').click();
    await expect(page).toHaveURL(/\/home\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
    // The seeded customers reviewed most products; the others say they have no review yet.
    await expect(
      page
        .locator('.product__review')
        .first()
        .or(page.getByText("Sadly this product doesn't have any review yet...")),
    ).toBeVisible();

    const addButton = page.getByRole('button', { name: 'Add to cart' });
    await expect(addButton).toBeDisabled();
    await expect(page.getByLabel('Quantity')).toHaveCount(0);
    const size = page.locator('.size-picker input:not([disabled])').first();
    const sizeValue = await size.getAttribute('value');
    await page.locator(`label[for="${await size.getAttribute('id')}"]`).click();
    await expect(page.getByLabel('Quantity')).toBeVisible();
    await page.getByLabel('Quantity').selectOption('2');
    await addButton.click();

    const modal = page.getByRole('dialog');
    await expect(modal.getByText('You added products to the cart')).toBeVisible();
    await expect(modal.getByText(productName).first()).toBeVisible();
    const cart = await readCart(page);
    expect(cart).toHaveLength(1);
    const [line] = cart;
    const productId = page.url().split('/').pop();
    expect(line).toMatchObject({ id: productId, name: productName, size: sizeValue, count: 2 });
    expect(line?.idAux).toBe(`${productId}${sizeValue}`);
    expect(line?.totalPrice).toBeCloseTo((line?.price ?? 0) * 2, 2);
    expect(Object.keys(line ?? {}).sort()).toEqual(
      ['count', 'description', 'id', 'idAux', 'img', 'name', 'price', 'size', 'totalPrice'].sort(),
    );
    await modal.getByRole('button', { name: /Keep shopping/ }).click();
    await expect(modal).toBeHidden();

    // The same product and size again: the duplicate text, and the cart is unchanged.
    await addButton.click();
    await expect(page.getByRole('dialog').getByText('This product is already in your cart')).toBeVisible();
    expect(await readCart(page)).toEqual(cart);
  });

  test('a sold-out size cannot be chosen and is announced as sold out', async ({ page }) => {
    await page.goto('/home?search=Air%20Jordan%201%20Mid%20XQ');
    await page.locator('.product-card').first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Air Jordan 1 Mid XQ' })).toBeVisible();
    const soldOut = page.getByRole('radio', { name: '7.5, sold out' });
    await expect(soldOut).toBeDisabled();
    await expect(page.getByRole('radio', { name: '8', exact: true })).toBeEnabled();
  });

  test("the women's page plays the shop's own video banner once idle, and its button pauses it", async ({
    browser,
    page,
  }) => {
    // On a fresh shop the video may be drawn when first asked for: a few seconds of work.
    test.setTimeout(120_000);
    await page.goto('/women');
    const banner = page.getByRole('region', { name: 'Made to move' });
    const video = banner.locator('video');
    await expect(video).toHaveAttribute('poster', '/uploads/banners/women-run-1.webp');
    await expect(video).toHaveAttribute('src', '/uploads/banners/women-run-1.webm');
    const state = () =>
      video.evaluate((element: HTMLVideoElement) => ({
        playing: !element.paused && element.currentTime > 0,
        muted: element.muted,
        loop: element.loop,
      }));
    await expect.poll(state, { timeout: 60_000 }).toEqual({ playing: true, muted: true, loop: true });

    await banner.getByRole('button', { name: 'Pause video' }).click();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    await banner.getByRole('button', { name: 'Play video' }).click();
    await expect.poll(state).toMatchObject({ playing: true });

    const files = await Promise.all(
      ['/uploads/banners/women-run-1.webm', '/uploads/banners/women-run-1.webp'].map((url) =>
        page.request.get(url),
      ),
    );
    expect(files.map((file) => file.headers()['content-type'])).toEqual(['video/webm', 'image/webp']);
    for (const file of files) expect(file.headers()['cache-control']).toContain('immutable');

    // A visitor who asks for less motion gets the poster, and the video only if they press play.
    const calm = await browser.newPage({ reducedMotion: 'reduce' });
    await waitingForApp(calm).goto('/women');
    const calmBanner = calm.getByRole('region', { name: 'Made to move' });
    await expect(calmBanner.getByRole('button', { name: 'Play video' })).toBeVisible();
    await calm.locator('html[data-motion]').waitFor({ state: 'attached' });
    await expect(calmBanner.locator('video')).not.toHaveAttribute('src');
    await calm.close();
  });

  test('navbar search finds sneakers despite a typo', async ({ page }) => {
    await page.goto('/women');
    const search = page.getByPlaceholder('search');
    await search.fill('jordn');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/home\?search=jordn$/);
    await expect(page.getByRole('heading', { name: 'Results for "jordn"' })).toBeVisible();
    await expect(search).toHaveValue('');
    // The heading shows before the results arrive: wait for the first card.
    await expect(page.locator('.product-card h3').first()).toContainText('Jordan');
  });

  test('an unknown path shows the not-found page and Go Back leads to the catalogue', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    // The server renders the not-found page with its status.
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Ooopps page not found!!' })).toBeVisible();
    await page.getByRole('link', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a guest is told to log in before entering the cart', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Cart' }).click();
    await expect(page.getByText('You must be logged in to enter the cart')).toBeVisible();
    await page.getByRole('link', { name: 'LogIn' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('every route of the spec loads on refresh', async ({ page }) => {
    for (const path of ['/', '/home', ...PLAIN_PAGES]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Ooopps page not found!!' }), path).toHaveCount(0);
      await expect(page.locator('main, #content').first(), path).toBeVisible();
    }
  });
});
