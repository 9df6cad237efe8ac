import type { components } from "./schema.js";

// Friendly names for the generated schema types (src/schema.d.ts, from the OpenAPI document).
type Schemas = components["schemas"];

export type CreatePaymentLinkRequest = Schemas["CreatePaymentLinkRequest"];
export type PaymentLinkCreated = Schemas["PaymentLinkCreated"];
export type PaymentLink = Schemas["PaymentLink"];
export type CreatePaymentPageRequest = Schemas["CreatePaymentPageRequest"];
export type PaymentPage = Schemas["PaymentPage"];
export type PagePaymentList = Schemas["PagePaymentList"];
export type DepositRequest = Schemas["DepositRequest"];
export type Deposit = Schemas["Deposit"];
export type DepositInvoice = Schemas["DepositInvoice"];
export type ConfirmDepositRequest = Schemas["ConfirmDepositRequest"];
export type DepositConfirmation = Schemas["DepositConfirmation"];
export type DepositDetail = Schemas["DepositDetail"];
export type TransferRequest = Schemas["TransferRequest"];
export type Transfer = Schemas["Transfer"];
export type RefundRequest = Schemas["RefundRequest"];
export type Refund = Schemas["Refund"];
export type Balance = Schemas["Balance"];
export type Analytics = Schemas["Analytics"];
export type AnalyticsByCurrency = Schemas["AnalyticsByCurrency"];
export type DepositGateway = Schemas["DepositGateway"];
export type WithdrawalGateway = Schemas["WithdrawalGateway"];
export type PaymentLinkWebhook = Schemas["PaymentLinkWebhook"];
export type DepositWebhook = Schemas["DepositWebhook"];
export type TransferWebhook = Schemas["TransferWebhook"];
export type RefundWebhook = Schemas["RefundWebhook"];
export type ErrorBody = Schemas["Error"];
export type Event = Schemas["Event"];
export type EventList = Schemas["EventList"];
