import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { call } from "../helpers/api-client";

// The alert rules (deploy/prometheus/alerts.yml) and the board (deploy/grafana/dashboards) name
// metrics by hand: a metric renamed or dropped would leave a rule that never fires and a panel
// that shows nothing, silently. Every name they use must be one the service exports, as a real
// scrape shows it, and every metric of ours is described in docs/operations.md (issue 48).

type Rule = { alert: string; expr: string; for?: string; annotations?: { summary?: string; action?: string } };
const rules = (parse(fs.readFileSync("deploy/prometheus/alerts.yml", "utf8")) as { groups: { rules: Rule[] }[] }).groups.flatMap((group) => group.rules);
const board = JSON.parse(fs.readFileSync("deploy/grafana/dashboards/payment-service.json", "utf8")) as { panels: { title: string; targets: { expr: string }[] }[] };

/** The metric names an expression reads: ours (pcs_) and Node's and the process's (prom-client's defaults). */
const metricNames = (expr: string) => [...expr.matchAll(/\b((?:pcs|nodejs|process)_[a-z0-9_]+)\b/g)].map((match) => match[1]);

let exported: Set<string>;
beforeAll(async () => {
  process.env.METRICS_TOKEN = "board-test-token";
  const res = await call("GET", "/api/metrics", { headers: { authorization: "Bearer board-test-token" } });
  expect(res.status).toBe(200);
  exported = new Set();
  for (const [, name, type] of (res.body as string).matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    exported.add(name);
    // A histogram is read through its series.
    if (type === "histogram") for (const suffix of ["_bucket", "_sum", "_count"]) exported.add(name + suffix);
  }
});
afterAll(() => {
  delete process.env.METRICS_TOKEN;
});

describe("the alert rules and the board", () => {
  it("has the rules the issue asks for, each saying what to do", () => {
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining(["UnknownOutcomesOverAnHour", "MoneyOutUnresolved", "OperatorCircuitOpen", "WebhookBacklog", "ApiServerErrors", "ApiSlow", "DueWorkLagging", "DatabasePoolWaits"]),
    );
    for (const rule of rules) {
      expect(rule.for, rule.alert).toMatch(/^\d+m$/);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      expect(rule.annotations?.action, rule.alert).toBeTruthy();
    }
  });

  it("names only metrics the service exports", () => {
    const used = [...rules.map((rule) => [rule.alert, rule.expr] as const), ...board.panels.flatMap((panel) => panel.targets.map((target) => [panel.title, target.expr] as const))];
    expect(used.length).toBeGreaterThan(20);
    for (const [where, expr] of used) {
      const names = metricNames(expr);
      expect(names.length, `${where}: ${expr}`).toBeGreaterThan(0);
      for (const name of names) expect(exported.has(name), `${where} reads ${name}, which the service does not export`).toBe(true);
    }
  });

  it("describes every metric of ours in docs/operations.md", () => {
    const docs = fs.readFileSync("docs/operations.md", "utf8");
    const ours = [...exported].filter((name) => name.startsWith("pcs_") && !/_(bucket|sum|count)$/.test(name));
    expect(ours.length).toBeGreaterThan(15);
    for (const name of ours) expect(docs, name).toContain(`\`${name}\``);
  });
});
