import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { adminPage } from '../support/shop';
import { expect, test } from '../support/test';

/**
 * Size charts (decision 38): the owner edits a brand's chart for women as a grid and as CSV. The journey
 * works on the chart of `other` for women, which no other journey reads, and puts it back at the end.
 */

const TABLE = 'Size chart of Other for women';
const HEADER = 'key,US,UK,EU,CM,JP';

/** A CSV file as the Import a CSV field takes it. */
const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

const rowKeys = (page: Page) =>
  page.getByRole('table', { name: TABLE }).getByRole('rowheader').allTextContents();

test.describe('size charts', () => {
  test('the owner changes a chart in the grid, exports it, imports a CSV and is told of a wrong line', async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    const page = await adminPage(browser, baseURL);
    await page.goto('/account/products');
    await page
      .getByRole('navigation', { name: 'Account sections' })
      .getByRole('link', { name: 'Sizes' })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'Sizes' })).toBeVisible();
    await page.getByLabel('Brand').selectOption('other');
    await page.getByLabel('Gender').selectOption('women');
    await expect(page).toHaveURL(/\/account\/sizes\?brand=other&gender=women$/);
    const table = page.getByRole('table', { name: TABLE });
    await expect(table).toBeVisible();
    await expect(page.getByLabel('Source')).not.toHaveValue('');

    // The chart as it was, exported: the journey puts it back from this file at the end.
    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    await expect(exportLink).toHaveAttribute('href', '/api/size-charts/other/women.csv');
    const downloading = page.waitForEvent('download');
    await exportLink.click();
    const download = await downloading;
    const original = await readFile(await download.path(), 'utf8');
    expect(original.split(/\r?\n/)[0]).toBe(HEADER);
    const keys = await rowKeys(page);
    expect(original.trim().split(/\r?\n/)).toHaveLength(keys.length + 1);

    // A cell changed in the grid: the largest size a little longer in Japanese millimetres.
    const last = keys.at(-1) ?? '';
    const jp = page.getByRole('textbox', { name: `JP of US ${last}` });
    const longer = String(Number(await jp.inputValue()) + 5);
    await jp.fill(longer);
    await page.getByRole('button', { name: 'Save chart' }).click();
    await expect(page.getByText('The size chart was saved.')).toBeVisible();
    await expect(page.getByText('Changed by staff')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: `JP of US ${last}` })).toHaveValue(longer);

    // A CSV of two sizes replaces the chart's.
    const importField = page.getByLabel('Import a CSV');
    await importField.setInputFiles(
      csvFile('two-sizes.csv', `${HEADER}\n7,7,5,38,24,240\n7.5,7.5,5.5,38.5,24.5,245\n`),
    );
    await expect(page.getByText('two-sizes.csv was imported: the chart now gives 2 sizes.')).toBeVisible();
    await expect(table.getByRole('rowheader')).toHaveText(['7', '7.5']);
    await expect(page.getByRole('textbox', { name: 'EU of US 7.5' })).toHaveValue('38.5');

    // A grid save the server refuses shows the reason beside its cell, which takes the focus.
    const eu = page.getByRole('textbox', { name: 'EU of US 7.5' });
    await eu.fill('37');
    await page.getByRole('button', { name: 'Save chart' }).click();
    await expect(eu).toBeFocused();
    await expect(eu).toHaveAccessibleDescription('EU must not be smaller than the size above');

    // A wrong CSV is refused naming its line, and the chart stays as it was.
    await importField.setInputFiles(
      csvFile('wrong.csv', `${HEADER}\n7,7,5,38,24,240\n7.5,7.5,5.5,37,24.5,245\n`),
    );
    await expect(page.getByText(/wrong\.csv was not imported: Invalid CSV: line 3, EU/)).toBeVisible();

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessible(page, `the Sizes tab at ${width} px`);
      await page.screenshot({ path: testInfo.outputPath(`sizes-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The chart put back as it was exported.
    await importField.setInputFiles(csvFile('original.csv', original));
    await expect(
      page.getByText(`original.csv was imported: the chart now gives ${keys.length} sizes.`),
    ).toBeVisible();
    await expect(table.getByRole('rowheader')).toHaveText(keys);
    await page.context().close();
  });
});
