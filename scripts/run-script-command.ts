import { closeDb } from "../lib/core/db/client";
import { runScriptCommand } from "../lib/surfaces/cli/cli-client";
import type { CliArgs } from "../lib/surfaces/cli/command-kit";
import type { CliCommandName } from "../lib/surfaces/cli/commands";
import { runCliCommand } from "../lib/surfaces/cli/run-cli-command";
import { openCliDatabase } from "./open-cli-database";

/**
 * A script's command (lib/surfaces/cli/commands.ts), run by the embedded server that holds the
 * database when one is running (through its socket: lib/surfaces/cli/admin-socket.ts), else here on
 * the database this process opens; prints what it printed and exits with its code.
 */
export async function runScript(command: CliCommandName, args: CliArgs): Promise<never> {
  try {
    const result = await runScriptCommand(command, args, async () => {
      const { client } = await openCliDatabase();
      try {
        return await runCliCommand(client, command, args);
      } finally {
        await closeDb();
      }
    });
    for (const line of result.stdout) console.log(line);
    for (const line of result.stderr) console.error(line);
    process.exit(result.exitCode);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(command === "reconcile" ? 2 : 1);
  }
}
