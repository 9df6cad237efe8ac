/** The setting that names the site's public address, for better-auth and for every link in a mail. */
export const PUBLIC_ORIGIN_SETTING = "BETTER_AUTH_URL";

/**
 * The site's public origin from BETTER_AUTH_URL ("https://pay.example.com"), or null when it is
 * unset or not an http(s) URL. A production server refuses to start without it
 * (lib/surfaces/config/production-settings.ts), so there mail links never come from a request's Host.
 */
export function configuredPublicOrigin(env: NodeJS.ProcessEnv = process.env): string | null {
  const value = env[PUBLIC_ORIGIN_SETTING]?.trim();
  if (!value) return null;
  // Every paymentUrl of a production server asks (issue 38's profile: parsing the same setting on
  // each link read): the last answer is kept for as long as the setting reads the same.
  if (lastParsed?.value !== value) lastParsed = { value, origin: httpOrigin(value) };
  return lastParsed.origin;
}

let lastParsed: { value: string; origin: string | null } | undefined;

function httpOrigin(value: string): string | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
}

/**
 * The app's public base URL for addresses handed to others (paymentUrl, the operators' callback
 * and return URLs): PAYMENT_BASE_URL; without it, in production, the site's public address
 * (BETTER_AUTH_URL, which a production server cannot start without), so a request's Host or
 * X-Forwarded-Host never chooses where a customer is sent or an operator calls back. Only a
 * development server, with neither set, falls back to the request's origin.
 */
export function publicBaseUrl(origin: string, env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.PAYMENT_BASE_URL || (env.NODE_ENV === "production" ? configuredPublicOrigin(env) : null);
  return (configured || origin).replace(/\/+$/, "");
}
