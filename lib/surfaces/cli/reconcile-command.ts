import { reconcile } from "@/lib/features/ledger/reconcile";
import { listOpenOutcomes, type OpenOutcome } from "@/lib/features/reconciliation/list-open-outcomes";
import { readEveryOpenOutcome } from "@/lib/features/reconciliation/read-every-open-outcome";
import { flag, outcome, type CliCommand } from "./command-kit";

const age = (seconds: number) =>
  seconds < 3600 ? `${Math.round(seconds / 60)} min` : seconds < 172_800 ? `${(seconds / 3600).toFixed(1)} h` : `${Math.round(seconds / 86_400)} d`;

function line(o: OpenOutcome) {
  const next = o.nextCheckAt ? `next ${o.nextCheckAt.toISOString()}` : "no more automatic reads";
  const figures = o.operatorFigures ? ` (operator: ${o.operatorFigures})` : "";
  return [o.kind, o.reference, o.state, o.status, `${o.amount} ${o.currency}`, o.gatewayName, age(o.ageSeconds), `operator: ${o.operatorAnswer ?? "-"}${figures}`, next].join("\t");
}

/**
 * reconcile (scripts/reconcile.ts): the open live outcomes read at their operators (unless
 * --check-only), then what is still open and the books' check. Exits 1 when the books have a problem.
 */
export const reconcileCommand: CliCommand = async (client, args) => {
  const o = outcome();
  const pass = flag(args, "check-only") ? null : await readEveryOpenOutcome(client);
  const open = await listOpenOutcomes(client);
  const problems = await reconcile(client);
  if (flag(args, "json")) {
    o.out(JSON.stringify({ ok: problems.length === 0, pass, open, problems }));
  } else {
    if (pass) {
      o.out(
        `Read at the operators: ${pass.depositsRead} deposit${pass.depositsRead === 1 ? "" : "s"} (${pass.depositsSettled} changed), ` +
          `${pass.transfersSettled} transfer${pass.transfersSettled === 1 ? "" : "s"} and ${pass.refundsSettled} refund${pass.refundsSettled === 1 ? "" : "s"} settled.`,
      );
    }
    if (open.length === 0) o.out("Open outcomes: none.");
    else {
      o.out(`Open outcomes: ${open.length}.`);
      for (const outcome of open) o.out(line(outcome));
    }
    if (problems.length === 0) o.out("Books: no problem found.");
    else {
      o.out(`Books: ${problems.length} problem${problems.length === 1 ? "" : "s"} found.`);
      for (const p of problems) o.out(`${p.kind}\t${p.reference}\t${p.details}`);
    }
  }
  return o.end(problems.length === 0 ? 0 : 1);
};
