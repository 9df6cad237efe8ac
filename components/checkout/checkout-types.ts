import type { RefObject } from "react";

// The shapes the server page hands the checkout island, and the props every step screen shares.

export type CheckoutGatewayView = {
  name: string;
  provider: string;
  type: string;
  feesLabel: string;
  totalLabel: string;
  /** Its operator is slow or down right now (the live gateways' availability); null when it works. */
  availability: "delayed" | "closed" | null;
};
export type CheckoutCountryView = { code: string; name: string; dialCode: string; gateways: CheckoutGatewayView[] };

/** Each screen's heading takes focus when it appears, so screen readers announce the new step. */
export type HeadingRef = RefObject<HTMLHeadingElement | null>;
