// A second (and third) process of the service for the torture suite: it opens the database from
// DATABASE_URL, as a deployed runner does, and runs one background pass each time its parent asks
// over IPC, with the `now` the parent gives. Started by workers.ts with tsx and the server-only hook:
//   node --import tsx --import ./scripts/allow-server-only.mjs tests/torture/worker.ts
import { closeDb, db } from "@/lib/core/db/client";
import { runDueWork } from "@/lib/features/jobs/run-due-work";
import { readEveryOpenOutcome } from "@/lib/features/reconciliation/read-every-open-outcome";
import { reconcileOperatorOutcomes } from "@/lib/features/reconciliation/reconcile-operator-outcomes";
import { sendDueMoneyOut } from "@/lib/features/money-out/send-due-money-out";
import { REFUND_KIND } from "@/lib/features/refunds/refund-kind";
import { TRANSFER_KIND } from "@/lib/features/transfers/transfer-kind";

/** `reconcileAll`: npm run reconcile's (and "ask the operators now"'s): every open outcome read, whatever its schedule. */
export type PassKind = "reconcile" | "reconcileAll" | "dueWork" | "transfers" | "refunds";
export type PassRequest = { id: number; pass: PassKind; now: string };
export type PassReply = { id: number; ok: true } | { id: number; ok: false; error: string };

/** One pass of the given kind; the same functions the embedded runner and Inngest run. */
export async function runPass(pass: PassKind, now: Date): Promise<void> {
  if (pass === "reconcile") await reconcileOperatorOutcomes(db(), now);
  else if (pass === "reconcileAll") await readEveryOpenOutcome(db(), () => now);
  else if (pass === "dueWork") await runDueWork(db(), now, { parts: { settle: true, reconcile: true, webhooks: false } });
  else if (pass === "transfers") await sendDueMoneyOut(db(), TRANSFER_KIND, { now, batchSize: 100, environment: "live" });
  else await sendDueMoneyOut(db(), REFUND_KIND, { now, environment: "live" });
}

if (process.send) {
  process.on("message", (message: PassRequest) => {
    runPass(message.pass, new Date(message.now)).then(
      () => process.send!({ id: message.id, ok: true } satisfies PassReply),
      (error: unknown) => process.send!({ id: message.id, ok: false, error: String((error as Error)?.stack ?? error) } satisfies PassReply),
    );
  });
  process.on("disconnect", () => void closeDb().finally(() => process.exit(0)));
  // Ready once the database answers, so the first pass is not also the connection's.
  await db().$queryRaw`SELECT 1`;
  process.send({ ready: true });
}
