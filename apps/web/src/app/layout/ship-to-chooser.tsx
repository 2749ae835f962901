import { COUNTRY_CODES, countryName } from '@shop/contracts';
import { useHydrated } from '../../lib/hydrated';
import { useShipTo } from '../../lib/ship-to';

let countries: { code: string; name: string }[] | null = null;

/** Every country by its English name, made once (naming 250 countries is not free). */
function countryList() {
  if (!countries) {
    const collator = new Intl.Collator('en');
    countries = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
  }
  return countries;
}

/**
 * The footer's "Ship to" chooser, for guests and signed-in buyers alike: the country whose tax the cart
 * shows, remembered in the browser (lib/ship-to.ts). It starts at the buyer's profile country, else the
 * shop's home country.
 *
 * The page rendered on the server holds the chosen country alone, and the browser lists every country once
 * the page is live: every page's HTML stays 250 options lighter.
 */
export function ShipToChooser() {
  const shipTo = useShipTo();
  const hydrated = useHydrated();
  const shown = hydrated ? countryList() : [{ code: shipTo.country, name: countryName(shipTo.country) }];
  return (
    <div className="site-footer__ship-to">
      <label htmlFor="footer-ship-to" className="site-footer__ship-to-label">
        Ship to
      </label>
      <select
        id="footer-ship-to"
        className="form-select form-select-sm site-footer__ship-to-select"
        data-bs-theme="dark"
        value={shipTo.country}
        onChange={(event) => shipTo.choose(event.target.value)}
      >
        {shown.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
    </div>
  );
}
