/** The navbar's links (spec: Navbar and menus). */
export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/home', label: 'Products' },
  { to: '/basketball', label: 'Basket' },
  { to: '/women', label: 'Women' },
] as const;

/** The side drawer's links: the same places, the catalogue named 'Product' as in the spec. */
export const DRAWER_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/home', label: 'Product' },
  { to: '/basketball', label: 'Basket' },
  { to: '/women', label: 'Women' },
] as const;
