// Send a payment link to a customer by SMS or e-mail (an extension)
import { apiRoute } from "@/lib/surfaces/http/api-route";
import { sendPaymentLink as sendLink } from "@/lib/features/link-sends/send-payment-link";
import { toLinkSendJson } from "@/lib/features/link-sends/transform-link-send";
import { sendLinkRequestSchema, linkSendSchema } from "@/lib/core/schemas/link-send";
import { z } from "zod";
import { commonErrors, errorResponse, jsonContent, jsonResponse, notFoundError } from "@/lib/surfaces/openapi/responses";
import * as examples from "@/lib/surfaces/openapi/examples";
import { apiOperation } from "../operation";

export const sendPaymentLink = apiOperation({
  method: "POST",
  path: "/api/v4/payments/link/[reference]/send",
  sandbox: true,
  lane: true,
  order: 120,
  openapi: {
    operationId: "sendPaymentLink",
    summary: "Send a link to a customer by SMS or e-mail (an extension of the contract)",
    description:
      "Sends the link's paymentUrl with its amount and description, by SMS through the service's SMS provider or by " +
      "e-mail. Only a link that can still be paid: pending, or failed before it expires. `to` is an e-mail address, or " +
      "a phone number in international form or local to your account's country (stored in international form). The " +
      "answer is the send: `sent` once the provider or the mail server took it, `failed` with `failureReason` when it " +
      "refused (invalid_number, provider_balance, ...); an SMS then becomes `delivered` or `failed` when the " +
      "provider's delivery report comes (read it with GET .../sends). At most 3 sends of a link to one recipient per " +
      "hour and 200 per account per day (settings LINK_SENDS_PER_HOUR_PER_RECIPIENT, LINK_SENDS_PER_DAY_PER_MERCHANT). " +
      "No Idempotency-Key: a repeat is a new message, held by those limits. Sandbox: the message is really sent, " +
      "marked as a test. Needs the `links:write` scope.",
    requestParams: { path: z.object({ reference: z.string() }) },
    requestBody: jsonContent(sendLinkRequestSchema, examples.sendLink),
    responses: {
      "200": jsonResponse("The send, sent or failed", linkSendSchema),
      "400": errorResponse(
        "40014 `to` is not a phone number; 40020 the link can no longer be paid (completed or expired); 40016 body not JSON; " +
          "40017 method; 40023 any other rule (channel, e-mail address)",
        [40014, "to must be a phone number: + then 8 to 15 digits, or a local number of CI"],
        [40020, "LINK_TEST_01JD3Z8M6X5V4T3R2Q1P0N9M8K can no longer be paid (completed): only a pending link, or a failed one before it expires, can be sent"],
        [40023, "to must be a valid e-mail address"],
      ),
      "404": notFoundError,
      ...commonErrors,
      "429": errorResponse("42900 a sending limit or the request rate limit; see Retry-After", [42900, "At most 3 sends of this link to this recipient per hour; retry in 3480 s"]),
      "503": errorResponse("50300 SMS sending is not configured on this service (e-mail still works)", [50300, "SMS sending is not configured on this service (SMS_PROVIDER is none)"]),
    },
  },
  handler: apiRoute({ auth: { scope: "links:write" }, body: sendLinkRequestSchema }, async ({ db, body, params, principal, environment, origin }) => {
    const send = await sendLink(db, { reference: params.reference, merchantId: principal.merchantId, environment, origin, input: body, requestedBy: "api" });
    return { body: toLinkSendJson(send, params.reference) };
  }),
});
