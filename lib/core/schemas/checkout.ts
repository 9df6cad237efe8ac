import { z } from "zod";
import { countryField, phoneField } from "./common";

// What the hosted checkout page sends: the customer's choices, nothing the merchant set.
export const startAttemptSchema = z.strictObject({
  gatewayName: z.string({ error: "must be a string" }).min(1).max(64),
  country: countryField,
  customerPhone: phoneField,
});

export const checkoutOtpSchema = z.strictObject({
  // Any code that cannot be one is a wrong code to the customer (the page's words for rule wrong_code).
  otp: z.string({ error: "must be a string of digits" }).refine((otp) => /^\d{4,8}$/.test(otp), { error: "must be 4 to 8 digits", params: { rule: "wrong_code" } }),
});
