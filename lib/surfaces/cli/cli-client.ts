import fs from "node:fs";
import net from "node:net";
import { databaseTarget } from "@/lib/core/db/adapter";
import { dataDirHolder, DataDirBusyError } from "@/lib/core/db/pglite-lock";
import { adminSocketPath } from "./admin-socket";
import type { CliArgs, CliOutcome } from "./command-kit";
import type { CliCommandName } from "./commands";

/** Sends a command to the server listening on `socketPath` and returns its answer. */
export function sendToServer(socketPath: string, command: CliCommandName, args: CliArgs): Promise<CliOutcome> {
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = net.createConnection(socketPath, () => socket.write(`${JSON.stringify({ command, args })}\n`));
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      try {
        resolve(JSON.parse(received) as CliOutcome);
      } catch {
        reject(new Error(`The running server gave no answer on ${socketPath}`));
      }
    });
  });
}

/**
 * Where a script's command runs: in the server holding the embedded database when there is one
 * (its socket), else here. `local` opens the database and runs it in this process.
 */
export async function runScriptCommand(command: CliCommandName, args: CliArgs, local: () => Promise<CliOutcome>): Promise<CliOutcome> {
  const target = databaseTarget();
  if (target.kind === "pglite" && target.dataDir) {
    const holder = dataDirHolder(target.dataDir);
    if (holder !== null) {
      const socketPath = adminSocketPath(target.dataDir);
      if (!fs.existsSync(socketPath)) throw new DataDirBusyError(target.dataDir, holder);
      // A socket nobody listens on: the holder is not a server (another script), or one that died.
      return sendToServer(socketPath, command, args).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ECONNREFUSED" || error.code === "ENOENT") throw new DataDirBusyError(target.dataDir!, holder);
        throw error;
      });
    }
  }
  return local();
}
