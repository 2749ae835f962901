/**
 * The shop's currency (ISO 4217) for a page the browser renders alone (the server rendered none, so none
 * came with it): asked once as the page starts, alongside the app's code. Null when it cannot be read;
 * the prices are then written in the formatter's default, dollars.
 */
export async function askShopCurrency(): Promise<string | null> {
  try {
    const response = await fetch('/api/tax/settings', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return null;
    const settings = (await response.json()) as { currency?: unknown };
    return typeof settings.currency === 'string' ? settings.currency : null;
  } catch {
    return null;
  }
}
