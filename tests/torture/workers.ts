import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import type { PassKind, PassReply } from "./worker";

// The parent's side of a worker process (worker.ts): start it, ask it for a pass, SIGKILL it.

const root = path.resolve(import.meta.dirname, "../..");

/** One of the service's JSON log lines, as lib/core/logging/log.ts writes it. */
export type LogLine = { level: string; msg: string; requestId?: string; error?: string };

/** Whether a line of output is one of the service's, and then what it says. */
export function ourLogLine(text: unknown): LogLine | null {
  return typeof text === "string" && text.startsWith('{"time":') ? (JSON.parse(text) as LogLine) : null;
}

export type WorkerHandle = {
  readonly name: string;
  readonly pid: number;
  /** Runs one pass in the worker; rejects if the worker dies first. */
  pass(pass: PassKind, now: Date): Promise<void>;
  /** SIGKILL: whatever it is doing stops there, its connections and claims are left as they are. */
  kill(): Promise<void>;
  /** Ends it cleanly (its pool closed). */
  stop(): Promise<void>;
};

/** Starts a worker; its log lines go to `onLog`, anything else it prints to this process's stderr. */
export async function startWorker(name: string, env: NodeJS.ProcessEnv, onLog: (line: LogLine) => void): Promise<WorkerHandle> {
  const child: ChildProcess = fork(path.join(root, "tests/torture/worker.ts"), [], {
    cwd: root,
    env: { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ""} --no-deprecation`.trim() },
    execArgv: ["--import", "tsx", "--import", "./scripts/allow-server-only.mjs"],
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  for (const stream of [child.stdout!, child.stderr!]) {
    readline.createInterface({ input: stream }).on("line", (text) => {
      const line = ourLogLine(text);
      if (line) onLog(line);
      else process.stderr.write(`worker ${name}: ${text}\n`);
    });
  }
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exited = true;
      for (const { reject } of waiting.values()) reject(new Error(`worker ${name} exited (${signal ?? code}) during a pass`));
      waiting.clear();
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    void exit.then(() => reject(new Error(`worker ${name} exited before it was ready`)));
  });
  child.on("message", (reply: PassReply) => {
    const pending = waiting.get(reply.id);
    if (!pending) return;
    waiting.delete(reply.id);
    if (reply.ok) pending.resolve();
    else pending.reject(new Error(`worker ${name}: ${reply.error}`));
  });
  return {
    name,
    pid: child.pid!,
    pass(pass, now) {
      if (exited) return Promise.reject(new Error(`worker ${name} is not running`));
      const id = ++nextId;
      return new Promise<void>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.send({ id, pass, now: now.toISOString() });
      });
    },
    async kill() {
      if (!exited) process.kill(child.pid!, "SIGKILL");
      await exit;
    },
    async stop() {
      if (!exited) child.disconnect();
      await exit;
    },
  };
}
