// What scripts/bench.ts and scripts/bench-profile.ts read inside a process under load, over its
// inspector (the process started with --inspect=127.0.0.1:<port>): the event loop's delay and the
// GC pauses (perf_hooks, installed in the process by Runtime.evaluate, so neither the app nor the
// database floor carries code for it), and V8's sampling profiler. Node's own WebSocket client,
// no dependency. Also the database floor's start (scripts/bench-db-floor.ts), inspectable alike.
import { spawn, type ChildProcess } from "node:child_process";
import { benchNode, sleep } from "./bench-app";

export type CpuProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
export type CpuProfile = { nodes: CpuProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };
/** Over one measured run: the loop's delay (ms, p50, p99, max) and the GC pauses (count, total ms, longest ms). */
export type LoopAndGc = { loopP50: number; loopP99: number; loopMax: number; gcCount: number; gcTotal: number; gcMax: number };

export type Inspector = {
  /** The loop delay and GC pauses while `work` runs. */
  during<T>(work: () => Promise<T>): Promise<{ result: T; stats: LoopAndGc }>;
  /** The same, with V8's sampling profiler on while `work` runs (not before or after). */
  profiled<T>(work: () => Promise<T>): Promise<{ result: T; stats: LoopAndGc; profile: CpuProfile }>;
  close(): void;
};

/** Connects to the inspector at `port` and starts the loop-delay histogram and the GC observer. */
export async function inspect(port: number): Promise<Inspector> {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ((socket.onopen = resolve), (socket.onerror = reject)));
  let nextId = 0;
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    const waiting = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(message.error.message));
    else waiting.resolve(message.result);
  };
  function send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = ++nextId;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  }
  /** Runs an expression in the process's main context; answers its JSON value. */
  async function evaluate<T>(expression: string): Promise<T> {
    const answer = await send<{ result: { value: T } }>("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true });
    return answer.result.value;
  }
  // perf_hooks' event-loop histogram (10 ms resolution) and a GC observer, reset before each run.
  await evaluate(`(() => {
    if (globalThis.__pcsBenchStats) return true;
    const { monitorEventLoopDelay, PerformanceObserver } = process.getBuiltinModule("node:perf_hooks");
    const stats = (globalThis.__pcsBenchStats = { loop: monitorEventLoopDelay({ resolution: 10 }), gc: [] });
    stats.loop.enable();
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) stats.gc.push(entry.duration); }).observe({ entryTypes: ["gc"] });
    return true;
  })()`);
  const reset = () => evaluate(`(globalThis.__pcsBenchStats.loop.reset(), globalThis.__pcsBenchStats.gc.length = 0, true)`);
  const read = () =>
    evaluate<LoopAndGc>(`(() => {
      const { loop, gc } = globalThis.__pcsBenchStats;
      return { loopP50: loop.percentile(50) / 1e6, loopP99: loop.percentile(99) / 1e6, loopMax: loop.max / 1e6,
        gcCount: gc.length, gcTotal: gc.reduce((a, b) => a + b, 0), gcMax: gc.reduce((a, b) => Math.max(a, b), 0) };
    })()`);
  let profilerReady = false;
  return {
    async during(work) {
      await reset();
      const result = await work();
      return { result, stats: await read() };
    },
    async profiled(work) {
      if (!profilerReady) {
        await send("Profiler.enable");
        await send("Profiler.setSamplingInterval", { interval: 200 });
        profilerReady = true;
      }
      await reset();
      await send("Profiler.start");
      const result = await work();
      const { profile } = await send<{ profile: CpuProfile }>("Profiler.stop");
      return { result, stats: await read(), profile };
    },
    close: () => socket.close(),
  };
}

/** "p99 / max ms; GC n, total ms, longest ms", for a console line or a table cell. */
export function formatLoopAndGc(stats: LoopAndGc | undefined): { loop: string; gc: string } {
  if (!stats) return { loop: "-", gc: "-" };
  return { loop: `${stats.loopP99.toFixed(1)} / ${stats.loopMax.toFixed(1)}`, gc: `${stats.gcCount}, ${stats.gcTotal.toFixed(0)} ms, max ${stats.gcMax.toFixed(1)}` };
}

/**
 * The database floor (scripts/bench-db-floor.ts: node:http + pg, the app's own link insert and
 * read) on `port`, its inspector on `inspectPort`; resolves once it answers.
 */
export async function startDbFloor(env: NodeJS.ProcessEnv, merchantId: string, port: number, inspectPort: number): Promise<ChildProcess> {
  const floor = spawn(benchNode(), [`--inspect=127.0.0.1:${inspectPort}`, "--import", "tsx", "scripts/bench-db-floor.ts"], {
    env: { ...env, PORT: String(port), BENCH_MERCHANT_ID: merchantId },
    stdio: "ignore",
  });
  for (let i = 0; !(await fetch(`http://127.0.0.1:${port}/link/none`).catch(() => null)); i++) {
    if (i > 100 || floor.exitCode !== null) throw new Error("the database floor did not start");
    await sleep(200);
  }
  return floor;
}
