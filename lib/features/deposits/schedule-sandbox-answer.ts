import type { Deposit } from "@prisma/client";
import { db } from "@/lib/core/db/client";
import { log, errorFields } from "@/lib/core/logging/log";
import { sandboxAnswerDelayMs } from "@/lib/integrations/gateways/sandbox-simulator";
import { SANDBOX_SETTLE_BATCH, settleSandboxAnswers } from "./settle-sandbox-answers";

// Under load the simulated phones answer in bursts (every deposit of one second, 2 s later). The
// answers due are settled by one writer per process, in batches: while one batch's transaction
// runs, the next answers gather, so the batches grow with the load and the settling costs one
// pool connection and a few statements per batch, leaving the rest to API requests.
const answered: Deposit[] = [];
let writing = false;

async function settleAnswered() {
  writing = true;
  try {
    while (answered.length > 0) {
      const batch = answered.splice(0, SANDBOX_SETTLE_BATCH);
      await settleSandboxAnswers(db(), batch).catch((error) =>
        log("error", "sandbox answers failed", { references: batch.map((d) => d.reference).join(","), ...errorFields(error) }),
      );
    }
  } finally {
    writing = false;
  }
}

/**
 * The simulated phone answers a sandbox DIRECT prompt after a short delay. This timer records
 * the answer promptly; it is only a shortcut: any read of the deposit, and the background
 * sweep, record the same answer if the process restarted in between (or a batch failed).
 */
export function scheduleSandboxAnswer(deposit: Deposit) {
  if (deposit.environment !== "sandbox" || deposit.paymentType !== "DIRECT") return;
  const timer = setTimeout(() => {
    answered.push(deposit);
    if (!writing) void settleAnswered();
  }, sandboxAnswerDelayMs() + 50);
  timer.unref();
}
