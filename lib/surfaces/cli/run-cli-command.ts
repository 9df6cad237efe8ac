import type { CliArgs, CliOutcome } from "./command-kit";
import { isCliCommandName, loadCliCommand, type CliCommandName } from "./commands";
import type { DbClient } from "@/lib/core/db/client";

// What a failed command exits with: 1, as the scripts always did; reconcile keeps 1 for "the books
// have a problem" and says 2 when it could not run.
const FAILURE_EXIT: Partial<Record<CliCommandName, number>> = { reconcile: 2 };

/** Runs a named command on `client`; an error becomes its message on stderr and the failure exit code. */
export async function runCliCommand(client: DbClient, name: unknown, args: unknown): Promise<CliOutcome> {
  if (!isCliCommandName(name)) return { exitCode: 2, stdout: [], stderr: [`Unknown command ${String(name)}`] };
  const options: CliArgs = {};
  if (args && typeof args === "object") {
    for (const [key, value] of Object.entries(args)) if (typeof value === "string" || typeof value === "boolean") options[key] = value;
  }
  try {
    const command = await loadCliCommand(name);
    return await command(client, options);
  } catch (error) {
    return { exitCode: FAILURE_EXIT[name] ?? 1, stdout: [], stderr: [(error as Error).message] };
  }
}
