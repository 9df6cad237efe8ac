import { analytics } from "./analytics";
import { balance } from "./balance";
import { deposits } from "./deposits";
import { events } from "./events";
import { gateways } from "./gateways";
import { paymentLinks } from "./payment-links";
import { paymentPages } from "./payment-pages";
import { refunds } from "./refunds";
import type { Resource } from "./shared";
import { transfers } from "./transfers";

/** Every resource of the API, in the document's order: its paths and webhooks keep this order. */
export const resources: Resource[] = [paymentLinks, paymentPages, deposits, balance, transfers, refunds, analytics, events, gateways];
