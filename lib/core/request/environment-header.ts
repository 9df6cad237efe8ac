// The internal request header through which proxy.ts tells handlers and pages the environment.
// proxy.ts always overwrites it, so a client can never choose the environment this way.
export const ENVIRONMENT_HEADER = "x-pcs-environment";

// The checkout page's link reference, set by proxy.ts on /pay/{reference} (a payment page's
// reference on /p/{reference}; removed from any other request), so the locale negotiation (lib/core/i18n/request.ts) can fall back on the merchant's
// default language without parsing paths itself.
export const CHECKOUT_REFERENCE_HEADER = "x-pcs-checkout-reference";

// Set by proxy.ts (and removed from any other request) when it answers an unknown checkout
// reference ("checkout") or payment page ("page") with the 404 page: app/not-found.tsx then draws
// the checkout's own or the payment page's.
export const NOT_FOUND_PAGE_HEADER = "x-pcs-not-found";
