import fs from "node:fs";
import path from "node:path";
import { $Enums } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { FAILURE_REASONS } from "@/lib/core/domain/failure-reasons";
import { ERROR_CODES } from "@/lib/core/errors/error-codes";
import { REFUSAL_RULES } from "@/lib/core/errors/refusal-rules";
import { DEPOSIT_GATEWAYS, WITHDRAWAL_GATEWAYS } from "@/lib/integrations/gateways/catalog";
import { LEDGER_KINDS } from "@/lib/features/ledger/ledger-kinds";
import { SMS_FAILURE_REASONS } from "@/lib/integrations/sms/sms-provider";
import { SEND_FAILURE_REASONS } from "@/lib/features/link-sends/deliver-send";
import en from "@/messages/en.json";
import fr from "@/messages/fr.json";

// Every code the data holds has a human label in both catalogs, and every API error code a human
// message: adding a kind, a status, a gateway, a failure reason or an error code without them
// fails here, before a member sees "link_completed" or "(40010)".

const catalogs = { en, fr } as const;
type Tree = { [key: string]: string | Tree };

const at = (catalog: unknown, key: string): unknown => key.split(".").reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], catalog);

function missing(keys: string[]) {
  return Object.entries(catalogs).flatMap(([locale, catalog]) =>
    keys.filter((key) => typeof at(catalog, key) !== "string" || !(at(catalog, key) as string).trim()).map((key) => `${locale}: ${key}`),
  );
}

const root = path.resolve(import.meta.dirname, "../../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("labels in both languages", () => {
  it("every API error code has a message", () => {
    expect(missing(Object.keys(ERROR_CODES).map((code) => `apiErrors.codes.${code}`))).toEqual([]);
  });

  it("every hint an error carries for people (an outcome's hint)", () => {
    const hints = new Set(sourceFiles(path.join(root, "lib")).flatMap((file) => [...fs.readFileSync(file, "utf8").matchAll(/\bhint: "(\w+)"/g)].map((m) => m[1])));
    expect(hints.size).toBeGreaterThan(0);
    expect(missing([...hints].map((hint) => `apiErrors.hints.${hint}`))).toEqual([]);
  });

  it("every rule with words for people is a refusal rule, in both languages (apiErrors.rules: a form's words for a refusal's rule)", () => {
    const worded = Object.keys(en.apiErrors.rules);
    expect(worded.filter((rule) => !(REFUSAL_RULES as readonly string[]).includes(rule))).toEqual([]);
    expect(Object.keys(fr.apiErrors.rules).sort()).toEqual([...worded].sort());
    expect(missing(worded.map((rule) => `apiErrors.rules.${rule}`))).toEqual([]);
  });

  it("every ledger kind", () => {
    expect(missing(LEDGER_KINDS.map((kind) => `labels.ledgerKind.${kind}`))).toEqual([]);
  });

  it("every gateway of the catalog, deposit and withdrawal", () => {
    const names = [...new Set([...DEPOSIT_GATEWAYS, ...WITHDRAWAL_GATEWAYS].map((g) => g.name))];
    expect(missing(names.map((name) => `labels.gateway.${name}`))).toEqual([]);
  });

  it("every status of links, deposits, payouts, refunds and webhook deliveries", () => {
    const statuses = new Set(
      [$Enums.LinkStatus, $Enums.DepositStatus, $Enums.TransferStatus, $Enums.RefundStatus, $Enums.WebhookDeliveryStatus].flatMap((e) => Object.values(e)),
    );
    expect(missing([...statuses].map((status) => `dashboard.status.${status}`))).toEqual([]);
  });

  it("every failure reason, and every reason the code writes is one of them", () => {
    expect(missing([...FAILURE_REASONS, "other"].map((reason) => `labels.failureReason.${reason}`))).toEqual([]);
    // Reasons written as literals where a payment, payout or refund fails, and the operators' mappings.
    const written = new Set<string>();
    // A link send's reasons are another list, labelled under linkSending (the test below); a
    // payment alert's are that list's too (typed so in send-payment-alerts.ts), plus opted_out.
    for (const file of sourceFiles(path.join(root, "lib")).filter((f) => !/\/lib\/(features\/link-sending|features\/payment-alerts|integrations\/sms)\//.test(f))) {
      const source = fs.readFileSync(file, "utf8");
      for (const m of source.matchAll(/failureReason: (?:[^"\n]*\? )?"([a-z_]+)"/g)) written.add(m[1]);
      // A failed outcome and its reason on one line: { status: "failed", reason: "insufficient_funds" }.
      for (const m of source.matchAll(/(?:status|state|to): "failed".*\breason(?:: | \?\? )"([a-z]+_[a-z_]+)"/g)) written.add(m[1]);
      // The operators' codes mapped to our words (REASONS tables, Orange's refusals).
      if (/gateways\/(mtn-momo|orange-money|wave)\/.*-(status|refusals)\.ts$/.test(file)) {
        for (const m of source.matchAll(/^\s+"?[A-Za-z0-9-]+"?: "([a-z]+_[a-z_]+)",?$/gm)) written.add(m[1]);
      }
    }
    expect(written.size).toBeGreaterThan(3);
    expect([...written].filter((reason) => !(FAILURE_REASONS as readonly string[]).includes(reason))).toEqual([]);
  });

  it("every reason a link send fails for", () => {
    const reasons: string[] = [...SMS_FAILURE_REASONS, ...SEND_FAILURE_REASONS];
    expect(missing(reasons.map((reason) => `linkSending.failures.${reason}`))).toEqual([]);
    const written = new Set<string>();
    // The receipts' sends too (issue 36), whose refusals are recorded through recordFailedSend.
    for (const file of [...sourceFiles(path.join(root, "lib", "features", "link-sends")), ...sourceFiles(path.join(root, "lib", "features", "receipts"))]) {
      for (const m of fs.readFileSync(file, "utf8").matchAll(/failureReason: "([a-z_]+)"|recordFailedSend\([^)]*, "([a-z_]+)"\)/g)) written.add(m[1] ?? m[2]);
    }
    expect(written).toContain("not_textable");
    expect([...written].filter((reason) => !reasons.includes(reason))).toEqual([]);
  });

  it("the payout preview's messages", () => {
    expect(missing(["fee", "receives", "debited"].map((key) => `labels.payout.${key}`))).toEqual([]);
  });

  it("no label is left in English in the French catalog", () => {
    for (const group of ["ledgerKind", "failureReason"] as const) {
      for (const [key, text] of Object.entries(fr.labels[group])) expect(text, key).not.toBe(en.labels[group][key as keyof (typeof en.labels)[typeof group]]);
    }
    for (const [code, text] of Object.entries(fr.apiErrors.codes)) expect(text, code).not.toBe(en.apiErrors.codes[code as keyof typeof en.apiErrors.codes]);
  });
});
