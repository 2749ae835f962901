import { defineTaxProvider } from '../provider';

/**
 * The shop's own rate table (staff keep it in the Tax tab): the default engine, and the one every other
 * falls back to. Its rates are the plan's as they stand: it covers no place as an engine to be asked (no
 * call, no amounts), and asked anyway it leaves the table's rates standing.
 */
export const table = defineTaxProvider({
  id: 'table',
  settings: () => ({}),
  covers: () => false,
  rates: async () => null,
});
