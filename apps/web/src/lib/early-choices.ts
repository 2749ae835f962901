declare global {
  /** Set by public/boot.js: radio choices made on a server-rendered page before the app took it over. */
  var shopEarlyChoices: Map<string, string> | undefined;
}

/**
 * The value chosen in the radio group `name` before the app took the page over, once (it is forgotten
 * when taken). Hydration puts every input back to the app's state, so without this a size tapped while
 * the app was loading would quietly come unselected.
 */
export function takeEarlyChoice(name: string): string | undefined {
  const choices = globalThis.shopEarlyChoices;
  const value = choices?.get(name);
  choices?.delete(name);
  return value;
}
