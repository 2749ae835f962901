import { readFile } from 'node:fs/promises';
import { expectAccessible } from '../support/axe';
import { openedReturn, openReturnForm } from '../support/returns';
import { ADMIN, buyOnePair, logIn, shipFromToShip, signedInBuyer } from '../support/shop';
import { expect, test, waitingForApp } from '../support/test';

/**
 * The owner's size table (issue 39): after a buyer sends a pair back as too small, staff find its model
 * above the shop's average on the Sales tab, open its sizes, and download the table as CSV after the
 * step-up every export asks for. The journey ends on the Sales tab, which the fixture checks with axe.
 */
test('staff open the size table after a buyer returned a pair as too small', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  // Two buyers, each in a browser of their own: one pair to send back (no other journey buys it), and
  // another buyer's pair that stays, so the shop's average is below the returned model's.
  const shopper = async (prefix: string) => {
    const opened = waitingForApp(await (await browser.newContext({ baseURL })).newPage());
    await signedInBuyer(opened, prefix);
    return opened;
  };
  const buyer = await shopper('fit');
  const returned = await buyOnePair(buyer, 'Stan Smith');
  const keeper = await shopper('keep');
  await buyOnePair(keeper, 'Busenitz Pro');
  await keeper.context().close();

  // Staff ship the first pair, on the page the journey ends on, signed in without a step-up yet.
  await logIn(page, ADMIN.email, ADMIN.password);
  await shipFromToShip(page, returned.number);

  const form = await openReturnForm(buyer, returned.number);
  await form.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Too small' });
  await form.getByRole('button', { name: 'Send return request' }).click();
  await openedReturn(buyer);
  await buyer.context().close();

  // The Sales tab: the model comes back for size more than the shop's average, and says so in words.
  await page.goto('/account/sales');
  const sizes = page.getByRole('region', { name: 'Sizes' });
  await expect(sizes).toContainText("The shop's average:");
  const model = sizes.getByRole('listitem').filter({ has: page.getByRole('link', { name: returned.name }) });
  await expect(model).toContainText('Above average');
  await expect(model.locator('dt:text-is("Back for size") + dd')).toHaveText('1 (100%)');
  await expect(model.locator('dt:text-is("Too small / large") + dd')).toHaveText('1 / 0');

  // Its sizes: the size bought, one pair sold and one sent back as too small.
  const table = model.getByRole('table', { name: new RegExp(`^Sizes of ${returned.name}`) });
  await expect(table).toBeHidden();
  await model.getByText('Show 1 size').click();
  await expect(table).toBeVisible();
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: returned.size }) });
  await expect(row.getByRole('cell')).toHaveText(['1', '1', '1', '0', '0', '0', '0', '0', '0']);
  await expectAccessible(page, 'the size table at 1280 px');

  // The CSV: the export asks the owner to confirm it is them, then downloads.
  await sizes.getByRole('link', { name: 'Export CSV of the size table' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await dialog.getByLabel('Your password').fill(ADMIN.password);
  const downloading = page.waitForEvent('download');
  await dialog.getByLabel('Your password').press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sales-sizes-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'product_id,product_name,brand,model_sold,model_size_returns,model_size_return_rate,above_average,size,sold,size_returns,too_small,too_large,exchanged_up,exchanged_down,fit_small,fit_true,fit_large',
  );
  expect(csv).toContain(`${returned.productId},${returned.name},`);
  expect(csv).toMatch(
    new RegExp(`${returned.productId},[^\\r\\n]*,1,1,100,yes,${returned.size},1,1,1,0,0,0,`),
  );
  await expect(dialog).toBeHidden();

  // At a phone's width the sizes read as labelled figures; the fixture's axe run checks the page so.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(row.getByRole('cell').first()).toBeVisible();
});
