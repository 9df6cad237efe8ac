import type { Deposit } from "@prisma/client";
import pLimit from "p-limit";
import { db } from "@/lib/db/client";
import { log, errorFields } from "@/lib/logging/log";
import { sandboxAnswerDelayMs } from "@/lib/gateways/sandbox-simulator";
import { syncDepositWithGateway } from "./sync-deposit-with-gateway";

// Under load the simulated phones answer in bursts (every deposit of one second, 2 s later).
// Settling them a few at a time leaves the pool's connections and the event loop to API
// requests; the backlog drains as soon as the load drops.
const settling = pLimit(4);

/**
 * The simulated phone answers a sandbox DIRECT prompt after a short delay. This timer records
 * the answer promptly; it is only a shortcut: any read of the deposit, and the background
 * sweep, record the same answer if the process restarted in between.
 */
export function scheduleSandboxAnswer(deposit: Deposit) {
  if (deposit.environment !== "sandbox" || deposit.paymentType !== "DIRECT") return;
  const timer = setTimeout(() => {
    settling(async () => {
      // A checkout attempt may have been replaced since (supersededAt), which the simulated phone
      // must see: read it again. An API deposit only changes by settling, which sync re-checks.
      const current = deposit.paymentLinkId ? await db().deposit.findUnique({ where: { id: deposit.id } }) : deposit;
      if (current) await syncDepositWithGateway(db(), current);
    }).catch((error) =>
      log("error", "sandbox answer failed", { reference: deposit.reference, ...errorFields(error) }),
    );
  }, sandboxAnswerDelayMs() + 50);
  timer.unref();
}
