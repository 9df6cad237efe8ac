import fs from "node:fs";
import path from "node:path";

// PGlite is a single-process database: two processes opening one data directory corrupt it.
// The process that opens it writes its pid here; another process refuses while that pid lives.
const LOCK_FILE = "pcs.lock";

export class DataDirBusyError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is in use by another process (pid ${pid}), most likely the running service. ` +
        `Stop it first, or point DATABASE_URL at PostgreSQL to run several processes ` +
        `(a running server answers the command-line scripts through its socket, ${dir}/cli/server.sock, when it has one).`,
    );
    this.name = "DataDirBusyError";
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDataDirLock(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      const release = () => {
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(fs.readFileSync(file, "utf8"));
      if (pid === process.pid) return () => {};
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DataDirBusyError(dir, pid);
      fs.unlinkSync(file); // stale lock of a process that died
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

/** The pid of another live process holding the data directory (the running server, most often), or null. */
export function dataDirHolder(dir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8"));
  } catch {
    return null;
  }
  return pid !== process.pid && Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
}

/** Refuses early, with the clear message, when a live process holds the data directory. */
export function assertDataDirFree(dir: string) {
  const pid = dataDirHolder(dir);
  if (pid !== null) throw new DataDirBusyError(dir, pid);
}
