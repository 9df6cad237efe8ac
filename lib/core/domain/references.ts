import { randomUlid } from "./ulid";
import type { Environment } from "./environment";

// Reference prefixes from the spec. The sandbox inserts TEST_ after the kind, so
// a reference alone tells an integrator which world it belongs to.
export const REFERENCE_KINDS = {
  link: "LINK",
  deposit: "DEP",
  invoice: "DEP_INV",
  validated: "DEP_VALID",
  transfer: "TRF",
  refund: "RFD",
  page: "PAGE",
  batch: "BATCH",
} as const;
export type ReferenceKind = keyof typeof REFERENCE_KINDS;

export function newReference(kind: ReferenceKind, environment: Environment): string {
  const marker = environment === "sandbox" ? "TEST_" : "";
  return `${REFERENCE_KINDS[kind]}_${marker}${randomUlid()}`;
}

/** Cheap shape check before any lookup: references are ASCII, bounded, and never contain "/". */
export function isPlausibleReference(value: string): boolean {
  return /^[A-Z_]{3,20}[0-9A-HJKMNP-TV-Z]{26}$/.test(value);
}
