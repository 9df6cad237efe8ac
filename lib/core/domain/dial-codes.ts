// International dialling codes of the countries our gateways serve, for the checkout's phone field.
export const DIAL_CODES: Record<string, string> = {
  CI: "225", SN: "221", BJ: "229", TG: "228", BF: "226", ML: "223", NE: "227", GW: "245",
  CM: "237", GA: "241", CG: "242", TD: "235", CF: "236", GQ: "240", GN: "224",
};

/** The country whose dialling code starts an international number, if we know it. */
export function countryOfPhone(phone: string): string | null {
  const digits = phone.replace(/^\+/, "");
  return Object.entries(DIAL_CODES).find(([, code]) => digits.startsWith(code))?.[0] ?? null;
}
