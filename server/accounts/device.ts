import Bowser from 'bowser';

export const UNKNOWN_DEVICE = 'Unknown device';

/** A User-Agent's first product name ("curl" of "curl/8.5.0"), when it is a plain word. */
const PRODUCT = /^([A-Za-z][\w.-]{0,39})(?:\/|\s|$)/;

/**
 * How Settings → Account names a session: the browser and the system its User-Agent gives ("Firefox on
 * Windows", "Safari on iOS"), as far as bowser reads them; a script's agent names no browser, and its
 * product is shown instead ("curl").
 */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const system = parsed.os.name;
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || PRODUCT.exec(userAgent)?.[1] || UNKNOWN_DEVICE;
}
