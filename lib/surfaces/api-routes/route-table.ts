// The API's routes: the one list of its paths, which methods each answers (its handlers, made
// with routeMethods) and which also answer under the sandbox's "/test" prefix. Everything that
// serves the API reads it: Next.js, through the catch-all route files of app/ (catch-all-route.ts),
// both in `npm run dev` and in a production build; the front door's lane (api-lane.ts), which
// answers the merchant API without Next's per-request routing; the tests' in-process harness
// (tests/helpers/api-client.ts); and the checks that the OpenAPI document describes these paths
// and methods (tests/routes.integration.test.ts).
//
// Paths are written as Next.js names its route folders ("[reference]", "[...path]"); the router
// (router.ts) applies Next's priority: at the first segment where two paths differ, a static name
// beats a parameter, which beats a catch-all.
import { staticErrorRoute, type RouteHandlers } from "@/lib/surfaces/http/api-route";
import * as benchEchoId from "./bench/echo-id";
import * as benchEcho from "./bench/echo";
import * as operatorCallback from "./callbacks/operator-callback";
import * as smsDeliveryReports from "./callbacks/sms-delivery-reports";
import * as smsDeliveryReportsRetired from "./callbacks/sms-delivery-reports-retired";
import * as checkoutAttempts from "./checkout/attempts";
import * as checkout from "./checkout/checkout";
import * as checkoutOtp from "./checkout/otp";
import * as health from "./probes/health";
import * as v4ClassicDepositInitiate from "./merchant-api/classic-deposit-initiate";
import * as v4DepositsReference from "./merchant-api/deposits-reference";
import * as v4EventsId from "./merchant-api/events-id";
import * as v4Events from "./merchant-api/events";
import * as gatewaysDepositList from "./merchant-api/gateways-deposit-list";
import * as gatewaysWithdrawList from "./merchant-api/gateways-withdraw-list";
import * as v4MerchantAnalytics from "./merchant-api/merchant-analytics";
import * as v4MerchantBalance from "./merchant-api/merchant-balance";
import * as v4OpenapiJson from "./merchant-api/openapi-json";
import * as v4PaymentsLinkReferenceSend from "./merchant-api/payments-link-reference-send";
import * as v4PaymentsLinkReferenceSends from "./merchant-api/payments-link-reference-sends";
import * as v4PaymentsLinkReference from "./merchant-api/payments-link-reference";
import * as v4PaymentsLink from "./merchant-api/payments-link";
import * as v4PaymentsPageReferenceActivate from "./merchant-api/payments-page-reference-activate";
import * as v4PaymentsPageReferenceDeactivate from "./merchant-api/payments-page-reference-deactivate";
import * as v4PaymentsPageReferencePayments from "./merchant-api/payments-page-reference-payments";
import * as v4PaymentsPageReference from "./merchant-api/payments-page-reference";
import * as v4PaymentsPage from "./merchant-api/payments-page";
import * as v4RefundsReference from "./merchant-api/refunds-reference";
import * as v4Refunds from "./merchant-api/refunds";
import * as v4TransfersInstant from "./merchant-api/transfers-instant";
import * as v4TransfersReference from "./merchant-api/transfers-reference";
import * as v4ValidationDepositConfirm from "./merchant-api/validation-deposit-confirm";
import * as v4ValidationDepositGenerateInvoice from "./merchant-api/validation-deposit-generate-invoice";
import * as supportActivationsIdApprove from "./support-api/activations-id-approve";
import * as supportActivationsIdRefuse from "./support-api/activations-id-refuse";
import * as supportActivationsId from "./support-api/activations-id";
import * as supportActivations from "./support-api/activations";
import * as supportAudit from "./support-api/audit";
import * as supportDeposits from "./support-api/deposits";
import * as supportKeysIdRevoke from "./support-api/keys-id-revoke";
import * as supportLinks from "./support-api/links";
import * as supportMerchantsIdKeys from "./support-api/merchants-id-keys";
import * as supportMerchantsIdWebhookSecret from "./support-api/merchants-id-webhook-secret";
import * as supportMerchantsIdMembersUserIdVerifyEmail from "./support-api/merchants-id-members-user-id-verify-email";
import * as supportMerchantsId from "./support-api/merchants-id";
import * as supportMerchants from "./support-api/merchants";
import * as supportOverview from "./support-api/overview";
import * as supportPassword from "./support-api/password";
import * as supportPaymentsReferenceCheckOperator from "./support-api/payments-reference-check-operator";
import * as supportPaymentsReferenceResolveHold from "./support-api/payments-reference-resolve-hold";
import * as supportPaymentsReference from "./support-api/payments-reference";
import * as supportReconciliationRun from "./support-api/reconciliation-run";
import * as supportReconciliation from "./support-api/reconciliation";
import * as supportRefundsReferenceRecord from "./support-api/refunds-reference-record";
import * as supportRefundsReferenceRetry from "./support-api/refunds-reference-retry";
import * as supportRefundsReference from "./support-api/refunds-reference";
import * as supportRefunds from "./support-api/refunds";
import * as supportSearch from "./support-api/search";
import * as supportSessionTwoFactor from "./support-api/session-two-factor";
import * as supportSession from "./support-api/session";
import * as supportTransfersPending from "./support-api/transfers-pending";
import * as supportTransfersReferenceApprove from "./support-api/transfers-reference-approve";
import * as supportTransfersReferenceReject from "./support-api/transfers-reference-reject";
import * as supportTransfersReference from "./support-api/transfers-reference";
import * as supportTransfers from "./support-api/transfers";
import * as supportWebhooksDeliveriesIdRetry from "./support-api/webhooks-deliveries-id-retry";
import * as supportWebhooks from "./support-api/webhooks";

export type TableRoute = {
  path: string;
  /** Also answers as "/test" + path, in the sandbox (the handlers read which from the URL). */
  sandbox?: boolean;
  /** Answered by the front door's lane in a production server (the merchant API: api-lane.ts). */
  lane?: boolean;
  handlers: Partial<RouteHandlers>;
};

const notFound = staticErrorRoute(40004);
const retiredV1 = staticErrorRoute(41000, "Use the /api/v4 paths (regenerate your API keys in the dashboard); see /api/v4/openapi.json");

export const API_ROUTES: TableRoute[] = [
  // The merchant API (the spec), live and sandbox.
  { path: "/api/v4/payments/link", sandbox: true, lane: true, handlers: v4PaymentsLink },
  { path: "/api/v4/payments/link/[reference]", sandbox: true, lane: true, handlers: v4PaymentsLinkReference },
  { path: "/api/v4/payments/link/[reference]/send", sandbox: true, lane: true, handlers: v4PaymentsLinkReferenceSend },
  { path: "/api/v4/payments/link/[reference]/sends", sandbox: true, lane: true, handlers: v4PaymentsLinkReferenceSends },
  // Payment pages (issue 36, an extension): one reusable URL or shop QR code that many customers pay.
  { path: "/api/v4/payments/page", sandbox: true, lane: true, handlers: v4PaymentsPage },
  { path: "/api/v4/payments/page/[reference]", sandbox: true, lane: true, handlers: v4PaymentsPageReference },
  { path: "/api/v4/payments/page/[reference]/payments", sandbox: true, lane: true, handlers: v4PaymentsPageReferencePayments },
  { path: "/api/v4/payments/page/[reference]/activate", sandbox: true, lane: true, handlers: v4PaymentsPageReferenceActivate },
  { path: "/api/v4/payments/page/[reference]/deactivate", sandbox: true, lane: true, handlers: v4PaymentsPageReferenceDeactivate },
  { path: "/api/v4/classic/deposit/initiate", sandbox: true, lane: true, handlers: v4ClassicDepositInitiate },
  // The spec names this path too, for the same operation.
  { path: "/api/v4/deposit/initiate", sandbox: true, lane: true, handlers: v4ClassicDepositInitiate },
  { path: "/api/v4/deposits/[reference]", sandbox: true, lane: true, handlers: v4DepositsReference },
  { path: "/api/v4/validation/deposit/generate-invoice", sandbox: true, lane: true, handlers: v4ValidationDepositGenerateInvoice },
  // The spec's short name of generate-invoice.
  { path: "/api/v4/validation/deposit", sandbox: true, lane: true, handlers: v4ValidationDepositGenerateInvoice },
  { path: "/api/v4/validation/deposit/confirm", sandbox: true, lane: true, handlers: v4ValidationDepositConfirm },
  { path: "/api/v4/transfers/instant", sandbox: true, lane: true, handlers: v4TransfersInstant },
  { path: "/api/v4/transfers/[reference]", sandbox: true, lane: true, handlers: v4TransfersReference },
  { path: "/api/v4/refunds", sandbox: true, lane: true, handlers: v4Refunds },
  { path: "/api/v4/refunds/[reference]", sandbox: true, lane: true, handlers: v4RefundsReference },
  { path: "/api/v4/events", sandbox: true, lane: true, handlers: v4Events },
  { path: "/api/v4/events/[id]", sandbox: true, lane: true, handlers: v4EventsId },
  { path: "/api/v4/merchant/balance", sandbox: true, lane: true, handlers: v4MerchantBalance },
  { path: "/api/v4/merchant/analytics", sandbox: true, lane: true, handlers: v4MerchantAnalytics },
  { path: "/api/v4/openapi.json", sandbox: true, lane: true, handlers: v4OpenapiJson },
  { path: "/public/gateways/deposit/list", sandbox: true, lane: true, handlers: gatewaysDepositList },
  { path: "/public/gateways/withdraw/list", sandbox: true, lane: true, handlers: gatewaysWithdrawList },
  { path: "/api/v1/[...path]", sandbox: true, handlers: retiredV1 },

  // The hosted checkout page's own calls, and the liveness probe.
  { path: "/api/checkout/[reference]", sandbox: true, handlers: checkout },
  { path: "/api/checkout/[reference]/attempts", sandbox: true, handlers: checkoutAttempts },
  { path: "/api/checkout/[reference]/otp", sandbox: true, handlers: checkoutOtp },
  { path: "/api/health", sandbox: true, handlers: health },

  // What the operators and SMS providers call back.
  { path: "/api/operators/[operator]/callback", handlers: operatorCallback },
  { path: "/api/sms/[provider]/delivery-reports", handlers: smsDeliveryReportsRetired },
  { path: "/api/sms/[provider]/delivery-reports/[secret]", handlers: smsDeliveryReports },

  // The benchmark's floors (answering only with BENCH_ROUTES=1): the same handlers through Next and through the lane.
  { path: "/api/bench/echo", handlers: benchEcho },
  { path: "/api/bench/echo/[id]", handlers: benchEchoId },
  { path: "/api/bench/lane/echo", lane: true, handlers: benchEcho },
  { path: "/api/bench/lane/echo/[id]", lane: true, handlers: benchEchoId },

  // The support view's data (behind proxy.ts, which gives these pages' headers and environment).
  { path: "/admin/api/session", handlers: supportSession },
  { path: "/admin/api/session/two-factor", handlers: supportSessionTwoFactor },
  { path: "/admin/api/password", handlers: supportPassword },
  { path: "/admin/api/overview", handlers: supportOverview },
  { path: "/admin/api/search", handlers: supportSearch },
  { path: "/admin/api/audit", handlers: supportAudit },
  { path: "/admin/api/links", handlers: supportLinks },
  { path: "/admin/api/deposits", handlers: supportDeposits },
  { path: "/admin/api/payments/[reference]", handlers: supportPaymentsReference },
  { path: "/admin/api/payments/[reference]/check-operator", handlers: supportPaymentsReferenceCheckOperator },
  { path: "/admin/api/payments/[reference]/resolve-hold", handlers: supportPaymentsReferenceResolveHold },
  { path: "/admin/api/reconciliation", handlers: supportReconciliation },
  { path: "/admin/api/reconciliation/run", handlers: supportReconciliationRun },
  { path: "/admin/api/refunds", handlers: supportRefunds },
  { path: "/admin/api/refunds/[reference]", handlers: supportRefundsReference },
  { path: "/admin/api/refunds/[reference]/record", handlers: supportRefundsReferenceRecord },
  { path: "/admin/api/refunds/[reference]/retry", handlers: supportRefundsReferenceRetry },
  { path: "/admin/api/transfers", handlers: supportTransfers },
  { path: "/admin/api/transfers/pending", handlers: supportTransfersPending },
  { path: "/admin/api/transfers/[reference]", handlers: supportTransfersReference },
  { path: "/admin/api/transfers/[reference]/approve", handlers: supportTransfersReferenceApprove },
  { path: "/admin/api/transfers/[reference]/reject", handlers: supportTransfersReferenceReject },
  { path: "/admin/api/merchants", handlers: supportMerchants },
  { path: "/admin/api/merchants/[id]", handlers: supportMerchantsId },
  { path: "/admin/api/merchants/[id]/keys", handlers: supportMerchantsIdKeys },
  { path: "/admin/api/merchants/[id]/webhook-secret", handlers: supportMerchantsIdWebhookSecret },
  { path: "/admin/api/merchants/[id]/members/[userId]/verify-email", handlers: supportMerchantsIdMembersUserIdVerifyEmail },
  { path: "/admin/api/keys/[id]/revoke", handlers: supportKeysIdRevoke },
  { path: "/admin/api/activations", handlers: supportActivations },
  { path: "/admin/api/activations/[id]", handlers: supportActivationsId },
  { path: "/admin/api/activations/[id]/approve", handlers: supportActivationsIdApprove },
  { path: "/admin/api/activations/[id]/refuse", handlers: supportActivationsIdRefuse },
  { path: "/admin/api/webhooks", handlers: supportWebhooks },
  { path: "/admin/api/webhooks/deliveries/[id]/retry", handlers: supportWebhooksDeliveriesIdRetry },

  // Any other path of these trees: the spec's envelope, never an HTML page.
  { path: "/api/[...path]", sandbox: true, handlers: notFound },
  { path: "/public/[...path]", sandbox: true, handlers: notFound },
  { path: "/admin/api/[...path]", handlers: notFound },
];

/**
 * Paths of the API trees that Next.js routes to a file of its own (app/<path>/route.ts), before the
 * catch-alls: route files a library owns (better-auth, Inngest).
 */
export const NEXT_FILE_ROUTES = ["/api/auth/[...all]", "/api/inngest"];

/** The route file of one of NEXT_FILE_ROUTES. */
export const nextRouteFile = (path: string) => `app${path}/route.ts`;
