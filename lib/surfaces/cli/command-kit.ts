import type { DbClient } from "@/lib/core/db/client";

// What every command-line command is made of (commands.ts lists them): its options, its output.

/** What a command printed and how it ends, as a process would. */
export type CliOutcome = { exitCode: number; stdout: string[]; stderr: string[] };

/** A script's parsed options, as node:util parseArgs gives them (and as they cross the socket). */
export type CliArgs = Record<string, string | boolean | undefined>;

export type CliCommand = (client: DbClient, args: CliArgs) => Promise<CliOutcome>;

/** A command's output being written: lines to stdout and stderr, then the exit code. */
export function outcome() {
  const result: CliOutcome = { exitCode: 0, stdout: [], stderr: [] };
  return {
    out: (line: string) => void result.stdout.push(line),
    err: (line: string) => void result.stderr.push(line),
    end: (exitCode = 0): CliOutcome => ({ ...result, exitCode }),
  };
}

/** A string option, or undefined (an option of another type sent over the socket is no option). */
export const option = (args: CliArgs, name: string) => (typeof args[name] === "string" ? (args[name] as string) : undefined);
export const flag = (args: CliArgs, name: string) => args[name] === true;
