import { COUNTRY_CODES } from '@shop/contracts';
import { useShipTo } from '../../lib/ship-to';

let countries: { code: string; name: string }[] | null = null;

/** Every country by its English name, made once (naming 250 countries is not free). */
function countryList() {
  if (!countries) {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    countries = COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, 'en'),
    );
  }
  return countries;
}

/**
 * The footer's "Ship to" chooser, for guests and signed-in buyers alike: the country whose tax the cart
 * shows, remembered in the browser (lib/ship-to.ts). It starts at the buyer's profile country, else the
 * shop's home country.
 */
export function ShipToChooser() {
  const shipTo = useShipTo();
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
        {countryList().map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
    </div>
  );
}
