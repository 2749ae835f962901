/**
 * A device as a person recognises it, from the browser's user agent: "Chrome on macOS". The order of the
 * checks matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari", Android
 * also says "Linux" and iPads ask for desktop pages as "Macintosh" (told apart by nothing else: macOS).
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|HeadlessChrome)\//, 'Chrome'],
  [/\bChromium\//, 'Chromium'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bAppleWebKit\/.*\bMobile\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const UNKNOWN_BROWSER = 'Unknown browser';

/** "Chrome on macOS", "Firefox" (system unknown), "Unknown device" (nothing known). */
export function describeDevice(userAgent: string | null | undefined): string {
  const agent = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (!browser && !system) return 'Unknown device';
  if (!system) return browser ?? UNKNOWN_BROWSER;
  return `${browser ?? UNKNOWN_BROWSER} on ${system}`;
}
