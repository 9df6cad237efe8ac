// The API's routes: the list of its operations, each declared once in its module (operation.ts:
// method, path, sandbox, lane, OpenAPI text and handler), grouped here by path. Everything that
// serves the API reads it: Next.js, through the catch-all route files of app/ (catch-all-route.ts),
// both in `npm run dev` and in a production build; the front door's lane (api-lane.ts), which
// answers the merchant API without Next's per-request routing; the tests' in-process harness
// (tests/helpers/api-client.ts); and the OpenAPI document, whose paths are the documented
// operations in this list's order (openApiDocument below).
//
// Paths are written as Next.js names its route folders ("[reference]", "[...path]"); the router
// (router.ts) applies Next's priority: at the first segment where two paths differ, a static name
// beats a parameter, which beats a catch-all.
import { everyMethod, routeMethods, staticErrorHandler, type Handler, type Method, type RouteHandlers } from "@/lib/surfaces/http/api-route";
import { buildOpenApiDocument } from "@/lib/surfaces/openapi/document";
import { apiOperation, type ApiOperation } from "./operation";
import { createPaymentLink } from "./merchant-api/payments-link";
import { getPaymentLink } from "./merchant-api/payments-link-reference";
import { sendPaymentLink } from "./merchant-api/payments-link-reference-send";
import { listPaymentLinkSends } from "./merchant-api/payments-link-reference-sends";
import { createPaymentPage } from "./merchant-api/payments-page";
import { getPaymentPage } from "./merchant-api/payments-page-reference";
import { listPaymentPagePayments } from "./merchant-api/payments-page-reference-payments";
import { activatePaymentPage } from "./merchant-api/payments-page-reference-activate";
import { deactivatePaymentPage } from "./merchant-api/payments-page-reference-deactivate";
import { initiateDeposit, initiateDepositAlias } from "./merchant-api/classic-deposit-initiate";
import { getDeposit } from "./merchant-api/deposits-reference";
import { generateDepositInvoice, generateDepositInvoiceAlias } from "./merchant-api/validation-deposit-generate-invoice";
import { confirmDeposit } from "./merchant-api/validation-deposit-confirm";
import { createInstantTransfer } from "./merchant-api/transfers-instant";
import { getTransfer } from "./merchant-api/transfers-reference";
import { createRefund } from "./merchant-api/refunds";
import { getRefund } from "./merchant-api/refunds-reference";
import { listEvents } from "./merchant-api/events";
import { getEvent } from "./merchant-api/events-id";
import { getBalance } from "./merchant-api/merchant-balance";
import { getAnalytics } from "./merchant-api/merchant-analytics";
import { getOpenApiDocument } from "./merchant-api/openapi-json";
import { listDepositGateways } from "./merchant-api/gateways-deposit-list";
import { listWithdrawalGateways } from "./merchant-api/gateways-withdraw-list";
import { getCheckout } from "./checkout/checkout";
import { postCheckoutAttempts } from "./checkout/attempts";
import { postCheckoutOtp } from "./checkout/otp";
import { getHealth } from "./probes/health";
import { postOperatorCallback, putOperatorCallback } from "./callbacks/operator-callback";
import { postSmsDeliveryReportsRetired } from "./callbacks/sms-delivery-reports-retired";
import { postSmsDeliveryReports } from "./callbacks/sms-delivery-reports";
import { benchEcho, benchLaneEcho } from "./bench/echo";
import { benchEchoId, benchLaneEchoId } from "./bench/echo-id";
import { deleteSupportSession, getSupportSession, postSupportSession } from "./support-api/session";
import { postSupportSessionTwoFactor } from "./support-api/session-two-factor";
import { postSupportPassword } from "./support-api/password";
import { getSupportOverview } from "./support-api/overview";
import { getSupportSearch } from "./support-api/search";
import { getSupportAudit } from "./support-api/audit";
import { getSupportLinks } from "./support-api/links";
import { getSupportDeposits } from "./support-api/deposits";
import { getSupportPaymentsReference } from "./support-api/payments-reference";
import { postSupportPaymentsReferenceCheckOperator } from "./support-api/payments-reference-check-operator";
import { postSupportPaymentsReferenceResolveHold } from "./support-api/payments-reference-resolve-hold";
import { getSupportReconciliation } from "./support-api/reconciliation";
import { postSupportReconciliationRun } from "./support-api/reconciliation-run";
import { getSupportRefunds } from "./support-api/refunds";
import { getSupportRefundsReference } from "./support-api/refunds-reference";
import { postSupportRefundsReferenceRecord } from "./support-api/refunds-reference-record";
import { postSupportRefundsReferenceRetry } from "./support-api/refunds-reference-retry";
import { getSupportTransfers } from "./support-api/transfers";
import { getSupportTransfersPending } from "./support-api/transfers-pending";
import { getSupportTransfersReference } from "./support-api/transfers-reference";
import { postSupportTransfersReferenceApprove } from "./support-api/transfers-reference-approve";
import { postSupportTransfersReferenceReject } from "./support-api/transfers-reference-reject";
import { getSupportMerchants } from "./support-api/merchants";
import { getSupportMerchantsId } from "./support-api/merchants-id";
import { postSupportMerchantsIdKeys } from "./support-api/merchants-id-keys";
import { postSupportMerchantsIdWebhookSecret } from "./support-api/merchants-id-webhook-secret";
import { postSupportMerchantsIdMembersUserIdVerifyEmail } from "./support-api/merchants-id-members-user-id-verify-email";
import { postSupportKeysIdRevoke } from "./support-api/keys-id-revoke";
import { getSupportActivations } from "./support-api/activations";
import { getSupportActivationsId } from "./support-api/activations-id";
import { postSupportActivationsIdApprove } from "./support-api/activations-id-approve";
import { postSupportActivationsIdRefuse } from "./support-api/activations-id-refuse";
import { getSupportWebhooks } from "./support-api/webhooks";
import { postSupportWebhooksDeliveriesIdRetry } from "./support-api/webhooks-deliveries-id-retry";

/** Any other path of these trees: the spec's envelope, never an HTML page. */
const notFound = staticErrorHandler(40004);
const catchAll = (path: string, sandbox?: true) => apiOperation({ method: "*", path, sandbox, handler: notFound });

export const API_OPERATIONS: readonly ApiOperation[] = [
  // The merchant API (the spec), live and sandbox, in the OpenAPI document's order.
  createPaymentLink,
  getPaymentLink,
  sendPaymentLink,
  listPaymentLinkSends,
  // Payment pages (issue 36, an extension): one reusable URL or shop QR code that many customers pay.
  createPaymentPage,
  getPaymentPage,
  listPaymentPagePayments,
  deactivatePaymentPage,
  activatePaymentPage,
  initiateDeposit,
  initiateDepositAlias,
  generateDepositInvoice,
  generateDepositInvoiceAlias,
  confirmDeposit,
  getDeposit,
  getBalance,
  createInstantTransfer,
  getTransfer,
  createRefund,
  getRefund,
  getAnalytics,
  listEvents,
  getEvent,
  listDepositGateways,
  listWithdrawalGateways,
  getOpenApiDocument(() => API_OPERATIONS),
  apiOperation({
    method: "*",
    path: "/api/v1/[...path]",
    sandbox: true,
    handler: staticErrorHandler(41000, "Use the /api/v4 paths (regenerate your API keys in the dashboard); see /api/v4/openapi.json"),
  }),

  // The hosted checkout page's own calls, and the liveness probe.
  getCheckout,
  postCheckoutAttempts,
  postCheckoutOtp,
  getHealth,

  // What the operators and SMS providers call back.
  postOperatorCallback,
  putOperatorCallback,
  postSmsDeliveryReportsRetired,
  postSmsDeliveryReports,

  // The benchmark's floors (answering only with BENCH_ROUTES=1): the same handlers through Next and through the lane.
  benchEcho,
  benchEchoId,
  benchLaneEcho,
  benchLaneEchoId,

  // The support view's data (behind proxy.ts, which gives these pages' headers and environment).
  postSupportSession,
  getSupportSession,
  deleteSupportSession,
  postSupportSessionTwoFactor,
  postSupportPassword,
  getSupportOverview,
  getSupportSearch,
  getSupportAudit,
  getSupportLinks,
  getSupportDeposits,
  getSupportPaymentsReference,
  postSupportPaymentsReferenceCheckOperator,
  postSupportPaymentsReferenceResolveHold,
  getSupportReconciliation,
  postSupportReconciliationRun,
  getSupportRefunds,
  getSupportRefundsReference,
  postSupportRefundsReferenceRecord,
  postSupportRefundsReferenceRetry,
  getSupportTransfers,
  getSupportTransfersPending,
  getSupportTransfersReference,
  postSupportTransfersReferenceApprove,
  postSupportTransfersReferenceReject,
  getSupportMerchants,
  getSupportMerchantsId,
  postSupportMerchantsIdKeys,
  postSupportMerchantsIdWebhookSecret,
  postSupportMerchantsIdMembersUserIdVerifyEmail,
  postSupportKeysIdRevoke,
  getSupportActivations,
  getSupportActivationsId,
  postSupportActivationsIdApprove,
  postSupportActivationsIdRefuse,
  getSupportWebhooks,
  postSupportWebhooksDeliveriesIdRetry,

  catchAll("/api/[...path]", true),
  catchAll("/public/[...path]", true),
  catchAll("/admin/api/[...path]"),
];

/** One path of the table: the methods its operations answer (the others 400/40017, with Allow). */
export type TableRoute = {
  path: string;
  /** Also answers as "/test" + path, in the sandbox (the handlers read which from the URL). */
  sandbox?: boolean;
  /** Answered by the front door's lane in a production server (the merchant API: api-lane.ts). */
  lane?: boolean;
  handlers: Partial<RouteHandlers>;
};

/** The operations grouped by path, in the order each path first appears; fails on two declarations of one method and path. */
export function routesOf(operations: readonly ApiOperation[]): TableRoute[] {
  const byPath = new Map<string, ApiOperation[]>();
  for (const operation of operations) byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation]);
  return [...byPath].map(([path, group]) => {
    const [first] = group;
    for (const other of group) {
      if (!!other.sandbox !== !!first.sandbox || !!other.lane !== !!first.lane) throw new Error(`${path}: its operations differ in sandbox or lane`);
    }
    const route = { path, ...(first.sandbox ? { sandbox: true } : {}), ...(first.lane ? { lane: true } : {}) };
    if (first.method === "*") {
      if (group.length > 1) throw new Error(`${path}: an every-method route has no other operation`);
      return { ...route, handlers: everyMethod(first.handler) };
    }
    const handlers: Partial<Record<Method, Handler>> = {};
    for (const { method, handler } of group) {
      if (method === "*" || handlers[method]) throw new Error(`${path}: ${method} is declared twice`);
      handlers[method] = handler;
    }
    return { ...route, handlers: routeMethods(handlers) };
  });
}

export const API_ROUTES: TableRoute[] = routesOf(API_OPERATIONS);

/** The OpenAPI document of the table's documented operations, served at /api/v4/openapi.json. */
export const openApiDocument = (serverUrl: string) => buildOpenApiDocument(serverUrl, API_OPERATIONS);

/**
 * Paths of the API trees that Next.js routes to a file of its own (app/<path>/route.ts), before the
 * catch-alls: route files a library owns (better-auth, Inngest), not operations of ours.
 */
export const NEXT_FILE_ROUTES = ["/api/auth/[...all]", "/api/inngest"];

/** The route file of one of NEXT_FILE_ROUTES. */
export const nextRouteFile = (path: string) => `app${path}/route.ts`;
