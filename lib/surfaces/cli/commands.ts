import type { CliCommand } from "./command-kit";

// The command-line scripts that change the database (package.json: staff:create, staff:disable,
// member:create, merchant:create, reconcile), as functions of a database and their parsed options.
// A script runs its command in its own process on a database it opens, or, while the embedded
// server holds the embedded database (PGlite: one process at a time), sends it to that server
// through its owner-only socket (admin-socket.ts), which runs the same function on its own
// connection: one code path, whichever process runs it.

/** Each command's module, loaded only when it runs (reconcile's needs what staff:create's does not). */
const COMMANDS = {
  "staff:create": () => import("./staff-commands").then((m) => m.staffCreate),
  "staff:disable": () => import("./staff-commands").then((m) => m.staffDisable),
  "member:create": () => import("./merchant-commands").then((m) => m.memberCreate),
  "merchant:create": () => import("./merchant-commands").then((m) => m.merchantCreate),
  reconcile: () => import("./reconcile-command").then((m) => m.reconcileCommand),
} satisfies Record<string, () => Promise<CliCommand>>;

export type CliCommandName = keyof typeof COMMANDS;

export const isCliCommandName = (name: unknown): name is CliCommandName => typeof name === "string" && Object.hasOwn(COMMANDS, name);

export const loadCliCommand = (name: CliCommandName): Promise<CliCommand> => COMMANDS[name]();
