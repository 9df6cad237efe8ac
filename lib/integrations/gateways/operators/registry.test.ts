import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEPOSIT_GATEWAYS, WITHDRAWAL_GATEWAYS } from "@/lib/integrations/gateways/catalog";
import { wavePlugin } from "@/lib/integrations/gateways/wave/wave-plugin";
import { operatorPluginGaps, type OperatorPlugin } from "./operator-plugin";
import { aggregatorPlugins, directPlugin, gatewayPlugin, OPERATOR_PLUGINS, operatorPlugin } from "./registry";

// Keeps docs/operators.md's "Adding an operator" true: every plug-in of the registry has each part
// the checklist names, in its code (operatorPluginGaps) and around it (its folder, its section of
// docs/operators.md, a fake citing that section, a conformance test over that fake).

const root = path.resolve(import.meta.dirname, "../../../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const operatorsDoc = read("docs/operators.md");

describe("the operator registry", () => {
  it.each(OPERATOR_PLUGINS.map((plugin) => [plugin.id, plugin] as const))("%s has every part of the checklist", (id, plugin) => {
    expect(operatorPluginGaps(plugin)).toEqual([]);
    // Its folder holds it.
    expect(fs.existsSync(path.join(root, `lib/integrations/gateways/${id}/${id}-plugin.ts`)), `lib/integrations/gateways/${id}/${id}-plugin.ts`).toBe(true);
    // Its gateways are the catalog's, in the country they say, for the operations they list.
    for (const gateway of plugin.gateways) {
      const deposit = DEPOSIT_GATEWAYS.find((entry) => entry.name === gateway.name);
      expect(deposit?.allowedCountries, `${gateway.name} in the deposit catalog`).toContain(gateway.country);
      // The checkout shows it in the flow the plug-in's deposit adapter serves.
      expect(deposit?.type, `${gateway.name}'s flow`).toBe(plugin.depositFlow);
      if (gateway.operations.includes("payout")) expect(WITHDRAWAL_GATEWAYS.map((entry) => entry.name), `${gateway.name} payouts`).toContain(gateway.name);
    }
    // Nothing set, nothing configured.
    for (const { country } of plugin.gateways) expect(plugin.settings.read({}, country)).toBeNull();
    // Its section of docs/operators.md, a fake citing it, and a conformance test over that fake.
    expect(operatorsDoc, `docs/operators.md "## ${plugin.name}"`).toMatch(new RegExp(`^## ${plugin.name}\\b`, "m"));
    expect(read(`tests/fakes/${id}-fake.ts`)).toContain("docs/operators.md");
    const conformance = fs.readdirSync(path.join(root, "tests/operators")).filter((file) => /conformance.*\.test\.ts$/.test(file));
    expect(
      conformance.some((file) => read(`tests/operators/${file}`).includes(`../fakes/${id}-fake"`)),
      `a tests/operators/*conformance* test over tests/fakes/${id}-fake.ts`,
    ).toBe(true);
  });

  it("gives each operator, and each gateway to one direct plug-in; an aggregator's gateways are found as its own or beside the direct one", () => {
    expect(new Set(OPERATOR_PLUGINS.map((plugin) => plugin.id)).size).toBe(OPERATOR_PLUGINS.length);
    const direct = OPERATOR_PLUGINS.filter((plugin) => !plugin.aggregator);
    const names = direct.flatMap((plugin) => plugin.gateways.map((gateway) => gateway.name));
    expect(new Set(names).size).toBe(names.length);
    for (const plugin of OPERATOR_PLUGINS) {
      expect(operatorPlugin(plugin.id)).toBe(plugin);
      for (const gateway of plugin.gateways) {
        if (!plugin.aggregator) expect(gatewayPlugin(gateway.name)).toEqual({ plugin, gateway });
        else {
          expect(aggregatorPlugins(gateway.name)).toContainEqual({ plugin, gateway });
          // A gateway no direct plug-in lists belongs to the aggregator.
          if (!directPlugin(gateway.name)) expect(gatewayPlugin(gateway.name)).toEqual({ plugin, gateway });
        }
      }
    }
    expect(gatewayPlugin("MTN_MOMO_BJ")?.plugin.id).toBe("mtn-momo");
    expect(aggregatorPlugins("MTN_MOMO_BJ").map((found) => found.plugin.id)).toEqual(["pawapay"]);
    expect(operatorPlugin("__proto__")).toBeNull();
    expect(gatewayPlugin("MOOV_CI")).toBeNull();
  });

  it("finds a plug-in missing a part, and names the part", () => {
    const incomplete = { ...wavePlugin, deposit: undefined, settings: { ...wavePlugin.settings, read: undefined }, refund: undefined } as unknown;
    expect(operatorPluginGaps(incomplete)).toEqual(["settings.read", "deposit", "refund"]);
    const withoutCallbackWord = { ...wavePlugin } as Partial<OperatorPlugin>;
    delete withoutCallbackWord.callback;
    expect(operatorPluginGaps(withoutCallbackWord)).toEqual(["callback (a reader, or null)"]);
    // A payout its gateways do not offer is as wrong as one they offer and it lacks.
    const depositOnly = { ...wavePlugin, gateways: wavePlugin.gateways.map((gateway) => ({ ...gateway, operations: ["deposit"] })) };
    expect(operatorPluginGaps(depositOnly)).toEqual(["payout (offered by none of its gateways)", "refund (offered by none of its gateways)"]);
    expect(operatorPluginGaps({ ...wavePlugin, id: "Wave Money", gateways: [{ name: "WAVE_SN", country: "Senegal", operations: ["deposit"] }] })).toEqual([
      "id (kebab-case)",
      "gateways[0] (a new name, a country, operations among deposit, payout, refund)",
      "payout (offered by none of its gateways)",
      "refund (offered by none of its gateways)",
    ]);
    expect(operatorPluginGaps({})).toEqual(["id (kebab-case)", "name", "gateways", "settings", "deposit", "depositFlow (DIRECT, REDIRECT, OTP)", "callback (a reader, or null)"]);
    expect(operatorPluginGaps({ ...wavePlugin, depositFlow: "PUSH" })).toEqual(["depositFlow (DIRECT, REDIRECT, OTP)"]);
  });

  it("is what docs/operators.md's checklist names", () => {
    const section = operatorsDoc.slice(operatorsDoc.indexOf("## Adding an operator"));
    expect(section.startsWith("## Adding an operator")).toBe(true);
    for (const part of ["`id`", "`name`", "`gateways`", "`settings`", "`deposit`", "`depositFlow`", "`payout`", "`refund`", "`callback`", "registry.ts", "tests/fakes/", "conformance"]) {
      expect(section, part).toContain(part);
    }
  });
});
