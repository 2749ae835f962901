import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { productForDrop, scheduleDrop } from '../support/drops';
import {
  ADMIN,
  accountMenu,
  addToCart,
  adminPage,
  buyOnePair,
  logIn,
  orderOf,
  PLAIN_PAGES,
  shipFromToShip,
  signedInBuyer,
  toPaymentPage,
} from '../support/shop';
import { expect, test, waitingForApp } from '../support/test';

/**
 * axe-core (WCAG 2.1 A and AA, and best practices) on every screen of the spec, as a guest, a shopper and
 * the staff, on a phone and on a desktop, with each dialog, menu and popover open: no violation anywhere.
 */

const mainHeading = (page: Page) => page.getByRole('heading', { level: 1 }).first();

/** Opens a page and checks it once its main heading shows. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(mainHeading(page)).toBeVisible();
  await expectAccessible(page, path);
}

/** Checks an overlay once it has opened, then closes it with Escape, as a keyboard would. */
async function checkOpen(page: Page, overlay: Locator, what: string) {
  await expect(overlay).toBeVisible();
  await expectAccessible(page, what);
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
}

/**
 * Promotions and store credit, as the signed-in admin: the list (the seeded welcome code), a new
 * promotion's form and its refusals, and a user's store credit with its grant form.
 */
async function walkPromotions(page: Page) {
  await visit(page, '/account/promotions');
  await expect(page.getByRole('row').filter({ hasText: 'WELCOME10' })).toBeVisible();
  await page.getByRole('link', { name: 'New promotion' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'New promotion' })).toBeVisible();
  await expectAccessible(page, 'the form creating a promotion');
  await page.getByRole('button', { name: 'Create the promotion' }).click();
  await expect(page.locator('.invalid-feedback').first()).toBeVisible();
  await expectAccessible(page, 'the promotion form with its refusals');
  await visit(page, '/account/users');
  await page
    .getByRole('button', { name: /^Store credit of / })
    .first()
    .click();
  await expect(page.getByRole('region', { name: 'Store credit' })).toBeVisible();
  await expectAccessible(page, "a user's store credit");
}

/**
 * Drops, as the signed-in admin: the staff's list, a new drop's form with its refusals, a draw's detail,
 * the product page's drop panel of a draw and of a first-come release, the drop's public page and its
 * waiting room, on products of the walk's own (see productForDrop).
 */
async function walkDrops(page: Page, width: number, origin: string) {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
  const schedule = async (name: string, body: Record<string, unknown>) =>
    scheduleDrop(page.request, origin, {
      productId: await productForDrop(page.request, origin, `${name} ${width}`),
      ...body,
    });
  const draw = await schedule('Walk Draw', { mode: 'draw', releaseAt: tomorrow });
  const queue = await schedule('Walk Queue', {
    mode: 'queue',
    releaseAt: new Date(Date.now() + 5 * 60_000).toISOString(),
  });

  await visit(page, '/account/drops');
  await page.getByRole('link', { name: 'New drop' }).click();
  await expect(page.getByRole('heading', { name: 'New drop' })).toBeFocused();
  await expectAccessible(page, 'the form scheduling a drop');
  await page.getByRole('button', { name: 'Schedule the drop' }).click();
  await expect(page.locator('.invalid-feedback').first()).toBeVisible();
  await expectAccessible(page, 'the drop form with its refusals');
  await page.goto('/account/drops');
  await page.getByRole('link', { name: `View the drop of ${draw.product.name}` }).click();
  await expect(page.getByText(/^[0-9a-f]{64}$/).first()).toBeVisible();
  await expectAccessible(page, "a draw's detail");

  await page.goto(`/home/${draw.product.id}`);
  await expect(page.getByRole('region', { name: 'Released by a fair draw' })).toBeVisible();
  await expectAccessible(page, "a draw's product page");
  await page.goto(`/home/${queue.product.id}`);
  await expect(page.getByRole('region', { name: 'First come, first served' })).toBeVisible();
  await expectAccessible(page, "a first-come release's product page");
  await visit(page, `/drops/${draw.id}`);
  await page.goto(`/drops/${queue.id}/queue`);
  await expect(page.getByRole('heading', { name: "You're in." })).toBeVisible();
  await expectAccessible(page, 'the waiting room before the release');
}

for (const width of [375, 1280]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    // Each walk runs axe on a dozen screens, up to ten seconds each on two cores while another journey runs
    // beside it: up to three minutes a walk.
    test.setTimeout(6 * 60_000);

    test('a guest: every public page, the drawer, the account menu, the cart popover, filters and the cart modal', async ({
      page,
    }) => {
      await visit(page, '/');
      const burger = page.getByRole('button', { name: 'Open menu' });
      if (await burger.isVisible()) {
        await burger.click();
        await checkOpen(page, page.getByRole('dialog'), 'the side drawer');
      }
      await accountMenu(page).click();
      await checkOpen(
        page,
        page.getByRole('link', { name: 'Register', exact: true }),
        'the guest account menu',
      );
      await page.getByRole('button', { name: 'Cart' }).click();
      await checkOpen(page, page.getByRole('dialog', { name: 'Cart' }), 'the cart popover');

      for (const path of [...PLAIN_PAGES, '/no-such-page']) await visit(page, path);

      // A form showing its errors.
      await page.goto('/register');
      await page.getByLabel('Email').fill('not an e-mail');
      await page.getByLabel('Email').blur();
      await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, 'the register form with an error');

      await visit(page, '/home');
      await expect(page.locator('.product-card')).toHaveCount(12);
      await page.getByRole('button', { name: /Filters/ }).click();
      await checkOpen(page, page.getByRole('dialog'), 'the filters');

      await addToCart(page, 'Pegasus');
      await expectAccessible(page, 'a product page');
      await page.getByRole('button', { name: /^Add to cart/ }).click();
      await checkOpen(page, page.getByRole('dialog'), 'the added-to-cart modal');
    });

    test('a shopper: cart, checkout, payment, success, every account section, and a return of a shipped pair', async ({
      page,
      browser,
      baseURL,
    }) => {
      await signedInBuyer(page, `a11y${width}`);
      const bought = await addToCart(page, 'Pegasus');
      await visit(page, '/cart');
      // A code refused in words under the field, then the seeded welcome code applied to the cart.
      await page.getByLabel('Discount code').fill('NOSUCHCODE');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.locator('#cart-code-error')).toBeVisible();
      await expectAccessible(page, 'the cart with a refused code');
      await page.getByLabel('Discount code').fill('WELCOME10');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByTestId('cart-discount')).toBeVisible();
      await expectAccessible(page, 'the cart with a code applied');
      await page.getByRole('button', { name: 'Buy' }).click();
      await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
      await expectAccessible(page, 'the checkout');

      await toPaymentPage(page);
      await expectAccessible(page, 'the test payment page');
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      await expect(page.getByText('Checkout Success')).toBeVisible();
      await expectAccessible(page, 'the success page');

      // Staff ship the pair, so that it can go back.
      const orderId = new URL(page.url()).searchParams.get('order') ?? '';
      await expect.poll(async () => (await orderOf(page, orderId)).state).toBe('aprobed');
      const staff = await adminPage(browser, baseURL);
      await shipFromToShip(staff, (await orderOf(page, orderId)).number);
      await staff.context().close();

      await accountMenu(page).click();
      await checkOpen(page, page.getByRole('link', { name: 'Favorites' }), "the shopper's account menu");

      for (const path of ['/account/profile', '/account/favorites', '/account/orders'])
        await visit(page, path);
      await page
        .getByRole('article')
        .first()
        .getByRole('button', { name: /^Detail of order/ })
        .click();
      await expect(page.getByRole('heading', { name: 'Order detail' })).toBeVisible();
      await expectAccessible(page, 'an order detail');

      // The return form with an exchange chosen and its errors, the return opened, its cancel confirmation.
      await page.getByRole('button', { name: 'Return or exchange' }).click();
      const returnForm = page.getByRole('region', { name: 'Return or exchange' });
      const exchange = returnForm.getByRole('radio', { name: 'Exchange for another size' });
      await expect(exchange).toBeEnabled();
      await exchange.check();
      await returnForm.getByRole('button', { name: 'Send return request' }).click();
      await expect(returnForm.getByText('Choose the size you want instead.')).toBeVisible();
      await expectAccessible(page, 'the return form with its errors');
      await returnForm.getByRole('radio', { name: 'Refund' }).check();
      await returnForm.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Too large' });
      await returnForm.getByRole('button', { name: 'Send return request' }).click();
      await expect(page.getByRole('heading', { name: /^Return \S+ is open$/ })).toBeFocused();
      await expectAccessible(page, 'a return just opened');
      await page.getByRole('button', { name: /^Cancel return / }).click();
      await checkOpen(
        page,
        page.getByRole('dialog', { name: 'Cancel this return?' }),
        'the cancel-return confirmation',
      );

      await visit(page, '/account/bought');
      const card = page.getByRole('article', { name: bought.name });
      await card.getByRole('button', { name: /make your review/ }).click();
      await expect(card.getByRole('heading', { name: /Make your review!/ })).toBeVisible();
      await expectAccessible(page, 'the review form');

      await visit(page, '/order-canceled?provider=stripe');
    });

    test('the staff: every dashboard section with its dialogs, and a product page with its controls', async ({
      page,
      browser,
      baseURL,
    }) => {
      // An order for the staff to open, paid by a shopper in a browser of their own, who sends it back once
      // the staff have shipped it.
      const shopper = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
      const shopperPage = waitingForApp(await shopper.newPage());
      await signedInBuyer(shopperPage, `a11yorder${width}`);
      const paid = await buyOnePair(shopperPage, 'Pegasus');

      await logIn(page, ADMIN.email, ADMIN.password);
      await accountMenu(page).click();
      await checkOpen(page, page.getByRole('link', { name: 'Users' }), "the admin's account menu");

      await shipFromToShip(page, paid.number);
      const opened = await shopperPage.request.post(`/api/orders/${paid.orderId}/returns`, {
        data: {
          lines: [{ productId: paid.productId, size: paid.size, count: 1, resolution: 'refund' }],
          reason: 'too_large',
        },
        headers: { origin: baseURL ?? '' },
      });
      expect(opened.status(), await opened.text()).toBe(201);
      const { number: returnNumber } = (await opened.json()) as { number: string };
      await shopper.close();

      await visit(page, '/account/orders');
      await page
        .getByRole('button', { name: /^Detail of order/ })
        .first()
        .click();
      await expect(page.getByRole('heading', { name: /Order detail/ }).first()).toBeVisible();
      // Judged at rest: the detail opens under the pointer, and a button there would be judged mid-hover.
      await page.mouse.move(0, 0);
      await expectAccessible(page, "the staff's order detail");

      await visit(page, '/account/products');
      await page.getByRole('button', { name: 'Add a product' }).click();
      await checkOpen(page, page.getByRole('dialog', { name: 'Add a product' }), 'the new product form');
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      const details = page.getByRole('dialog', { name: 'Product Details' });
      await expect(details).toBeVisible();
      await expectAccessible(page, 'Product Details');
      await details.getByRole('button', { name: 'Stock' }).click();
      await checkOpen(page, details, 'Product Details, stock');
      await page
        .getByRole('button', { name: /^Reviews of / })
        .first()
        .click();
      await checkOpen(page, page.getByRole('dialog'), 'the reviews of a product');

      await visit(page, '/account/users');
      await page
        .getByRole('button', { name: /^Delete user / })
        .first()
        .click();
      await checkOpen(
        page,
        page.getByRole('dialog', { name: 'Are you sure?' }),
        'the delete-user confirmation',
      );

      await visit(page, '/account/sales');
      // Every size running low, a page more at a time: the table once it has grown.
      const lowRows = page.getByRole('table', { name: 'Sizes running low' }).getByRole('row');
      await expect(lowRows.first()).toBeVisible();
      const more = page.getByRole('button', { name: /^Show \d+ more$/ });
      if (await more.isVisible()) {
        const shown = await lowRows.count();
        await more.click();
        await expect(lowRows).not.toHaveCount(shown);
        // The pointer leaves the button: axe judges its colours at rest, not half-way into a hover fade
        // that began when the grown list moved a new button under the pointer.
        await page.mouse.move(0, 0);
        await expectAccessible(page, 'the low stock, shown further');
      }
      await visit(page, '/account/shipping');
      await page.getByRole('button', { name: 'Add a method' }).click();
      await expect(page.getByRole('heading', { name: 'Add a shipping method' })).toBeFocused();
      await expectAccessible(page, 'the form adding a shipping method');
      // Sent empty: the server's reasons show under the fields, and nothing is added.
      await page.getByRole('button', { name: 'Add method' }).click();
      await expect(page.getByLabel('Name')).toBeFocused();
      await expect(page.getByText('Name is required')).toBeVisible();
      await expectAccessible(page, 'the shipping method form with its refusals');
      // Tax: the settings, the registrations and the rates, then the forms adding a registration and a rate.
      await visit(page, '/account/tax');
      await page.getByRole('button', { name: 'Add a registration' }).click();
      await expect(page.getByRole('button', { name: 'Add registration' })).toBeVisible();
      await expectAccessible(page, 'the form adding a tax registration');
      await page.getByRole('button', { name: 'Add a rate' }).click();
      await expect(page.getByLabel('Rate (%)')).toBeVisible();
      await expectAccessible(page, 'the form adding a tax rate');
      for (const path of ['/account/to-ship', '/account/activity', '/account/profile'])
        await visit(page, path);

      // Returns: the list, the reject form, an approved return with its notice, the receive form.
      await page.goto('/account/returns');
      const returnCard = page.getByRole('article', { name: `Return ${returnNumber}`, exact: true });
      await expect(returnCard).toBeVisible();
      await expectAccessible(page, 'the returns');
      await returnCard.getByRole('button', { name: 'Reject…' }).click();
      await expect(returnCard.getByRole('textbox', { name: 'Message to the buyer' })).toBeFocused();
      await expectAccessible(page, 'the reject form');
      await returnCard.getByRole('button', { name: 'Back' }).click();
      await returnCard.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText(`Return ${returnNumber} is approved`)).toBeVisible();
      await expectAccessible(page, 'an approved return');
      await returnCard.getByRole('button', { name: 'Mark received…' }).click();
      await expect(returnCard.getByRole('checkbox', { name: /^Back on sale/ })).toBeFocused();
      await expectAccessible(page, 'the receive form');

      await page.goto('/home?search=Pegasus');
      await page.locator('.product-card').first().getByRole('link').first().click();
      await expect(mainHeading(page)).toBeVisible();
      await expectAccessible(page, 'a product page as the admin');

      await walkDrops(page, width, baseURL ?? '');
      await walkPromotions(page);
    });
  });
}
