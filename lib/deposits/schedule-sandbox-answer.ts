import type { Deposit } from "@prisma/client";
import { db } from "@/lib/db/client";
import { log, errorFields } from "@/lib/http/log";
import { sandboxAnswerDelayMs } from "@/lib/gateways/sandbox-simulator";
import { syncDepositWithGateway } from "./sync-deposit-with-gateway";

/**
 * The simulated phone answers a sandbox DIRECT prompt after a short delay. This timer records
 * the answer promptly; it is only a shortcut: any read of the deposit, and the background
 * sweep, record the same answer if the process restarted in between.
 */
export function scheduleSandboxAnswer(deposit: Deposit) {
  if (deposit.environment !== "sandbox" || deposit.paymentType !== "DIRECT") return;
  const timer = setTimeout(() => {
    syncDepositWithGateway(db(), deposit).catch((error) =>
      log("error", "sandbox answer failed", { reference: deposit.reference, ...errorFields(error) }),
    );
  }, sandboxAnswerDelayMs() + 50);
  timer.unref();
}
