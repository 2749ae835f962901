import { SHOPPER_SIZE_SYSTEMS, type ShopperSizeSystem } from '@shop/contracts';
import { useCarriedSizes, useSizePrefs } from '../../lib/sizes';

/**
 * The footer's "Sizes in" chooser: the system every size of the shop shows in (US, UK, EU or centimetres),
 * kept in the profile when signed in and in the browser. The server's page shows US; the shopper's choice
 * follows once the page is live. It is on every page, so it is where a guest's sizes go into the profile
 * they sign up or in with (useCarriedSizes).
 */
export function SizeSystemChooser() {
  const { system, chooseSystem } = useSizePrefs();
  useCarriedSizes();
  return (
    <div className="site-footer__ship-to">
      <label htmlFor="footer-size-system" className="site-footer__ship-to-label">
        Sizes in
      </label>
      <select
        id="footer-size-system"
        className="form-select form-select-sm site-footer__ship-to-select"
        data-bs-theme="dark"
        value={system}
        onChange={(event) => {
          // Kept in the browser at once; a profile that could not be reached keeps its own until next time.
          chooseSystem(event.target.value as ShopperSizeSystem).catch(() => undefined);
        }}
      >
        {SHOPPER_SIZE_SYSTEMS.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    </div>
  );
}
