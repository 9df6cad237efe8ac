import { z } from "zod";
import { LOCALES } from "@/lib/core/i18n/locales";
import { requestObjectOptions, timestampField } from "./common";

// Sending a payment link to a customer by SMS or e-mail (an extension of the contract, whose
// users open links "sent by e-mail, SMS, chat message or QR code"): POST
// /api/v4/payments/link/{reference}/send, and the link's sends at GET .../sends.

export const sendLinkRequestSchema = z
  .strictObject(
    {
      channel: z.enum(["sms", "email"], { error: "must be sms or email" }).meta({ description: "How the link goes to the customer" }),
      to: z
        .string({ error: "must be a string" })
        .trim()
        .min(1, { error: "must not be empty" })
        .max(254, { error: "must be at most 254 characters" })
        .meta({
          description:
            "sms: a phone number, international (+ and country code) or local to your account's country (\"07 00 00 04 44\" in CI); " +
            "email: an e-mail address",
          example: "+2250700000444",
        }),
      language: z.enum(LOCALES, { error: "must be fr or en" }).optional().meta({
        description: "The message's language; default: your checkout's language (dashboard settings), else French",
      }),
    },
    requestObjectOptions,
  )
  .meta({ id: "SendLinkRequest" });

export type SendLinkRequest = z.infer<typeof sendLinkRequestSchema>;

export const linkSendSchema = z
  .object({
    id: z.string().meta({ example: "send_01JD3Z8M6X5V4T3R2Q1P0N9M8K" }),
    reference: z.string().meta({ description: "The payment link sent", example: "LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K" }),
    purpose: z.enum(["link", "receipt"]).meta({
      description:
        "link: the payment link, sent on your request (POST .../send or the dashboard); receipt: the link to the customer's receipt " +
        "page (/pay/{reference}/receipt), sent by the service once the link is paid, when receipts are on in your dashboard settings",
      example: "link",
    }),
    channel: z.enum(["sms", "email"]),
    to: z.string().meta({ description: "The phone number in international form, or the e-mail address", example: "+2250700000444" }),
    status: z.enum(["queued", "sent", "delivered", "failed"]).meta({
      description:
        "queued: recorded; sent: the SMS provider or the mail server took it; delivered: the SMS provider reported it on the handset; " +
        "failed: see failureReason. An e-mail ends at sent (mail servers report no delivery).",
    }),
    failureReason: z.string().nullable().meta({ description: "Why it failed, e.g. invalid_number, provider_balance, undeliverable, mail_error, test_mode_recipient (a sandbox e-mail to an address outside the account's members); for a receipt also limit_reached (a sending limit or daily SMS cap), sms_unavailable (no SMS provider) and not_textable (the paying number is not a mobile number of a served country)" }),
    createdAt: timestampField,
    sentAt: timestampField.nullable(),
    deliveredAt: timestampField.nullable(),
    failedAt: timestampField.nullable(),
  })
  .meta({ id: "LinkSend" });

export const linkSendListSchema = z.object({ data: z.array(linkSendSchema) }).meta({ id: "LinkSendList" });
