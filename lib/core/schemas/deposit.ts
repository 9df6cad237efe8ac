import { z } from "zod";
import { DEPOSIT_TYPES } from "@/lib/core/domain/gateway-types";
import {
  callbackUrlField,
  countryField,
  emailField,
  gatewayNameField,
  isoCurrencyField,
  metadataField,
  nameField,
  phoneField,
  positiveAmountField,
  refineAmountDecimals,
  requestObjectOptions,
  returnUrlField,
  timestampField,
} from "./common";

// Shared by single-step initiation and invoice generation (docs/decisions.md: the first five are required).
export const depositRequestSchema = z
  .strictObject(
    {
      amount: positiveAmountField.meta({ example: 5000 }),
      currency: isoCurrencyField,
      customerPhone: phoneField,
      country: countryField,
      gatewayName: gatewayNameField.meta({ example: "MTN_MOMO_CI" }),
      customerEmail: emailField.optional(),
      customerName: nameField.optional(),
      callbackUrl: callbackUrlField.optional(),
      returnUrl: returnUrlField.optional(),
      metadata: metadataField.optional(),
    },
    requestObjectOptions,
  )
  .superRefine(refineAmountDecimals)
  .meta({ id: "DepositRequest" });

export type DepositRequest = z.infer<typeof depositRequestSchema>;

export const confirmDepositSchema = z
  .strictObject(
    {
      trxReference: z.string({ error: "must be a string" }).min(1).max(64).meta({ example: "DEP_INV_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K" }),
      otp: z.string({ error: "must be a string of digits" }).regex(/^\d{4,8}$/, { error: "must be 4 to 8 digits" }).meta({ example: "123456" }),
    },
    requestObjectOptions,
  )
  .meta({ id: "ConfirmDepositRequest" });

const depositStatus = z.enum(["pending", "completed", "failed", "expired"]);

export const depositSchema = z
  .object({
    reference: z.string().meta({ example: "DEP_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K" }),
    status: depositStatus,
    fees: z.number(),
    paymentType: z.enum(["DIRECT", "REDIRECT"]),
    createdAt: timestampField,
    expiresAt: timestampField,
    message: z.string(),
    url: z.url().optional().meta({ description: "REDIRECT gateways: where to send the customer" }),
  })
  .meta({ id: "Deposit" });

export const depositInvoiceSchema = z
  .object({
    reference: z.string().meta({ example: "DEP_INV_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K" }),
    status: depositStatus,
    fees: z.number(),
    createdAt: timestampField,
    expiresAt: timestampField,
    message: z.string(),
  })
  .meta({ id: "DepositInvoice" });

export const depositConfirmationSchema = z
  .object({
    reference: z.string().meta({
      example: "DEP_VALID_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K",
      description: "The validated reference once completed; the invoice's while a live operator has not taken the payment",
    }),
    status: depositStatus,
    fees: z.number(),
    createdAt: timestampField,
    message: z.string(),
    failureReason: z.string().optional().meta({ description: "Live: why the operator refused the payment (status failed)" }),
  })
  .meta({ id: "DepositConfirmation" });

export const depositDetailSchema = z
  .object({
    reference: z.string(),
    invoiceReference: z.string().nullable().meta({ description: "OTP flow: the DEP_INV_ reference" }),
    validatedReference: z.string().nullable().meta({ description: "OTP flow: the DEP_VALID_ reference, once confirmed" }),
    status: depositStatus,
    amount: z.number(),
    fees: z.number(),
    totalAmount: z.number().meta({ description: "amount + fees: what the customer pays" }),
    currency: z.string(),
    country: z.string(),
    gatewayName: z.string(),
    paymentType: z.enum(DEPOSIT_TYPES),
    customerPhone: z.string(),
    customerEmail: z.string().nullable(),
    customerName: z.string().nullable(),
    callbackUrl: z.string().nullable(),
    returnUrl: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    url: z.string().nullable(),
    failureReason: z.string().nullable(),
    createdAt: timestampField,
    expiresAt: timestampField,
    completedAt: timestampField.nullable(),
    failedAt: timestampField.nullable(),
    expiredAt: timestampField.nullable(),
  })
  .meta({ id: "DepositDetail" });
