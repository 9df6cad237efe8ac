import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { db } from "@/lib/core/db/client";
import { databaseTarget } from "@/lib/core/db/adapter";
import { errorFields, log } from "@/lib/core/logging/log";
import { runCliCommand } from "./run-cli-command";

// The embedded server's command socket. PGlite is one process's database: while the server holds
// the data directory, a command-line script cannot open it. So the server listens on a Unix socket
// inside the data directory, and a script that finds the directory held (cli-client.ts) sends its
// command there instead; the server runs it on its own connection (run-cli-command.ts) and sends
// back what it printed and its exit code.
//
// Who may use it is who may use the data directory: the socket sits in a directory of its own,
// made 0700 and owned by the server's user, and is itself 0600. Another local user cannot reach it
// (nor could they open the database files), and nothing listens on the network. Only the commands
// of commands.ts are run, with string and boolean options; a request is one JSON line of at most
// 64 KiB, answered with one JSON line.

/** The socket's directory and path for a data directory. */
export function adminSocketPath(dataDir: string) {
  return path.join(dataDir, "cli", "server.sock");
}

const MAX_REQUEST_BYTES = 64 * 1024;
// A Unix socket's path is limited to 107 bytes on Linux (103 on macOS).
const MAX_SOCKET_PATH = 100;

/** The directory, made or checked: ours, a real directory, readable by us only. */
function ownDirectory(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory() || (typeof process.getuid === "function" && stat.uid !== process.getuid())) {
    throw new Error(`${dir} is not a directory of this user`);
  }
  fs.chmodSync(dir, 0o700);
}

function serve(connection: net.Socket) {
  let received = "";
  connection.setEncoding("utf8");
  connection.on("error", () => connection.destroy());
  connection.on("data", (chunk: string) => {
    received += chunk;
    if (received.length > MAX_REQUEST_BYTES) {
      connection.end(`${JSON.stringify({ exitCode: 2, stdout: [], stderr: ["Request too large"] })}\n`);
      return;
    }
    const end = received.indexOf("\n");
    if (end < 0) return;
    connection.removeAllListeners("data");
    let request: { command?: unknown; args?: unknown };
    try {
      request = JSON.parse(received.slice(0, end));
    } catch {
      connection.end(`${JSON.stringify({ exitCode: 2, stdout: [], stderr: ["Malformed request"] })}\n`);
      return;
    }
    void runCliCommand(db(), request.command, request.args).then((result) => {
      log("info", "cli.command", { command: String(request.command), exitCode: result.exitCode });
      connection.end(`${JSON.stringify(result)}\n`);
    });
  });
}

/**
 * Opens the command socket for the embedded database in `dataDir`; returns how to close it, or null
 * when it cannot be opened here (Windows, a path too long for a socket), which is logged: scripts then
 * say the database is busy, as before.
 */
export async function openAdminSocket(dataDir: string): Promise<(() => void) | null> {
  const socketPath = adminSocketPath(dataDir);
  if (process.platform === "win32" || Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    log("warn", "cli.socket_unavailable", { path: socketPath, reason: process.platform === "win32" ? "windows" : "path too long" });
    return null;
  }
  ownDirectory(path.dirname(socketPath));
  // A socket file left by a server that died: this process holds the data directory now.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer(serve);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  server.unref();
  const close = () => {
    server.close();
    fs.rmSync(socketPath, { force: true });
  };
  process.once("exit", close);
  return close;
}

/**
 * The server's side, once per process (instrumentation-node.ts): on the embedded database in a data
 * directory, the database is opened first (this process takes the directory's lock), then the socket.
 */
export async function startAdminSocket() {
  const target = databaseTarget();
  if (target.kind !== "pglite" || !target.dataDir) return;
  const started = globalThis as unknown as { __pcsCliSocket?: boolean };
  if (started.__pcsCliSocket) return;
  started.__pcsCliSocket = true;
  db();
  try {
    const close = await openAdminSocket(target.dataDir);
    if (close) log("info", "cli.socket_open", { path: adminSocketPath(target.dataDir) });
  } catch (error) {
    log("error", "cli.socket_failed", errorFields(error));
  }
}
