import { signedInBuyer } from '../support/shop';
import { expect, test } from '../support/test';

interface Summary {
  _id: string;
  name: string;
}

/** The storefront's pages as the server answers them: readable before (and without) any script. */
test.describe('pages rendered on the server', () => {
  test('the storefront reads with JavaScript turned off', async ({ browser, request }) => {
    const { products } = (await (await request.get('/api/products?limit=1')).json()) as {
      products: Summary[];
    };
    const product = products[0];
    if (!product) throw new Error('the seeded catalogue is empty');
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto('/');
    await expect(page).toHaveTitle('Sneaker Shop · Basketball, running and lifestyle sneakers');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('#root img[fetchpriority="high"]')).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'Only Basketball' })).toBeVisible();

    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Sneakers' })).toBeVisible();
    await expect(page.getByRole('link', { name: product.name }).first()).toBeVisible();

    await page.getByRole('link', { name: product.name }).first().click();
    await expect(page).toHaveURL(`/home/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page).toHaveTitle(`${product.name} · Sneaker Shop`);

    for (const [path, heading] of [
      ['/women', 'Made to move'],
      ['/basketball', 'Basketball'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }

    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Ooopps page not found!!' })).toBeVisible();
    await context.close();
  });

  test('a phone gets the slides of one phone view, and an empty cart at once', async ({
    browser,
    playwright,
  }) => {
    const phone = playwright.devices['Pixel 7'];
    const filledSlides = async (options: Parameters<typeof browser.newContext>[0]) => {
      const context = await browser.newContext({ ...options, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto('/');
      const carousel = page.locator('.product-carousel').first();
      await expect(carousel.getByRole('heading', { name: 'Only Basketball' })).toBeVisible();
      const count = await carousel.locator('.carousel-slider__slide .product-card').count();
      await context.close();
      return count;
    };
    // One card shows on a phone: that one and the next are drawn; a desktop shows four and gets eight.
    expect(await filledSlides({ ...phone })).toBe(2);
    expect(await filledSlides({ viewport: { width: 1280, height: 800 } })).toBe(8);

    // The cart lives in the browser's storage; its cookie tells the server it is empty, so the page says so
    // before any script has run.
    const context = await browser.newContext();
    const page = await context.newPage();
    await signedInBuyer(page, 'emptycart');
    await page.goto('/');
    await context.route('**/*.js', (route) => route.abort());
    await page.goto('/cart');
    await expect(page.getByText('You dont have any products in your cart')).toBeVisible();
    await context.close();
  });

  test('a size tapped while the app is still loading stays chosen once it runs', async ({
    browser,
    request,
  }) => {
    const { products } = (await (await request.get('/api/products?limit=1')).json()) as {
      products: Summary[];
    };
    const context = await browser.newContext();
    const page = await context.newPage();
    // The app's entry is held back, as on a slow phone, until the size is tapped.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/home/${products[0]?._id}`, { waitUntil: 'domcontentloaded' });
    const size = page.locator('.size-picker label.size-tile:not(.size-tile--sold-out)').first();
    const chosen = (await size.textContent())?.trim() ?? '';
    await size.click();
    release();
    await page.waitForSelector('html[data-live]');
    await expect(page.getByRole('radio', { name: chosen, exact: true })).toBeChecked();
    await expect(page.getByLabel('Quantity')).toBeVisible();
    await context.close();
  });

  test('a guest asking for a page that needs login is redirected by the server', async ({ request }) => {
    const response = await request.get('/cart', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('/login?redirect=%2Fcart');
  });

  test("a shopper's account pages come with the shopper's data", async ({ page, request }) => {
    // The footer offers Sign up to a guest only, already in the page the server sends.
    const footer = (html: string) => html.slice(html.indexOf('<footer'));
    expect(footer(await (await request.get('/')).text())).toContain('>Sign up</a>');
    const shopper = await signedInBuyer(page, 'rendered');
    expect(footer(await (await page.request.get('/')).text())).not.toContain('Sign up');
    const html = await (await page.request.get('/account/favorites')).text();
    expect(footer(html)).not.toContain('Sign up');
    expect(html).toContain(`>${shopper.username}</h1>`);
    expect(html).toContain('id="rendered-state"');
    // Pages with a form are rendered by the browser only: nothing can be submitted before the app runs.
    const login = await (await page.request.get('/login')).text();
    expect(login).toContain('<div id="root"></div>');
  });

  test('the app takes every rendered page over without a mismatch', async ({
    browser,
    page,
    playwright,
    request,
  }) => {
    const { products } = (await (await request.get('/api/products?limit=1')).json()) as {
      products: Summary[];
    };
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (/hydrat|did not match|Minified React error|Content Security Policy/i.test(message.text()))
        problems.push(message.text());
    });
    for (const path of ['/', '/home', `/home/${products[0]?._id}`, '/women', '/basketball', '/nope']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
    await signedInBuyer(page, 'takeover');
    for (const path of ['/', '/cart', '/account/orders', '/account/favorites', '/account/bought']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
    // A phone's pages are rendered for a phone's screen, and taken over as such.
    const phone = await browser.newPage({ ...playwright.devices['Pixel 7'] });
    phone.on('pageerror', (error) => problems.push(error.message));
    phone.on('console', (message) => {
      if (/hydrat|did not match|Minified React error/i.test(message.text())) problems.push(message.text());
    });
    for (const path of ['/', '/women', '/basketball']) {
      await phone.goto(path);
      await expect(phone.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await phone.waitForSelector('html[data-live]');
    }
    await phone.close();
    expect(problems).toEqual([]);
  });
});
