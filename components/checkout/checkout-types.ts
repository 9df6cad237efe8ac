import type { RefObject } from "react";

// The shapes the server page hands the checkout island, and the props every step screen shares.

export type CheckoutGatewayView = { name: string; provider: string; type: string; feesLabel: string; totalLabel: string };
export type CheckoutCountryView = { code: string; name: string; dialCode: string; gateways: CheckoutGatewayView[] };

/** Each screen's heading takes focus when it appears, so screen readers announce the new step. */
export type HeadingRef = RefObject<HTMLHeadingElement | null>;
