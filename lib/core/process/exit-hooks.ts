import { errorFields, log } from "@/lib/core/logging/log";

// What a server process does before it exits on SIGTERM/SIGINT, after its last request (e.g. write
// the API key counts it holds in memory: lib/features/api-keys/key-usage-counter.ts). The server
// (server/app-server.cjs, plain CommonJS outside Next's bundles) finds the hooks on globalThis, where
// Next's chunks, each with its own copy of this module, all register them.

type Hook = () => Promise<void>;
const globalForExit = globalThis as unknown as { __pcsExitHooks?: Map<string, Hook>; __pcsRunExitHooks?: () => Promise<void> };

/** Runs `hook` when the server stops (once per name: registering a name again replaces it). */
export function onProcessExit(name: string, hook: Hook) {
  const hooks = (globalForExit.__pcsExitHooks ??= new Map());
  hooks.set(name, hook);
  globalForExit.__pcsRunExitHooks ??= runExitHooks;
}

/** Runs every hook, side by side; one that throws is logged and does not stop the others. */
export async function runExitHooks() {
  const hooks = [...(globalForExit.__pcsExitHooks ?? new Map<string, Hook>()).entries()];
  await Promise.all(hooks.map(([name, hook]) => hook().catch((error: unknown) => log("warn", `exit hook failed: ${name}`, errorFields(error)))));
}
