import { call } from "../helpers/api-client";
import { newMerchant } from "../helpers/fixtures";
import { sendJson, startFakeServer } from "../fakes/fake-http";
import { startMtnMomoFake } from "../fakes/mtn-momo-fake";
import { mtnMomoFakeEnv, waveFakeEnv } from "../fakes/start-operator-fakes";
import { startWaveFake } from "../fakes/wave-fake";
import { ourLogLine, startWorker, type LogLine, type WorkerHandle } from "./workers";

// What every schedule of the torture suite runs against, started once: the MTN and Wave fakes,
// the service's public address (a relay that hands MTN's callbacks and Wave's events, sent by the
// fakes over real HTTP, to the in-process routes), and two worker processes, kept alive across
// schedules (one is started again after it is killed).

export type World = Awaited<ReturnType<typeof startWorld>>;

/** A log line's error, in one line: Prisma's messages span lines (the call, the code around it, the error): the first and the last. */
function condensed(error: string | undefined) {
  const lines = (error ?? "").split("\n").map((l) => l.trim()).filter((l) => l && !/^(\d+|→)/.test(l));
  return [...new Set([lines[0], lines[lines.length - 1]])].filter(Boolean).join(" / ");
}

/**
 * The service's log lines are kept off the output. Its errors are kept: an "unhandled error" (a
 * 500) by request id, so the failure can say why; any other error line (a step that threw, an
 * operator call refused inside a transaction, a payout paid twice...), as a finding, with where it
 * was logged (this process, or a worker).
 */
function keepServiceErrors() {
  const causes = new Map<string, string>();
  const errors: string[] = [];
  const { log, error } = console;
  console.log = (...args: unknown[]) => void (ourLogLine(args[0]) || log(...args));
  console.error = (...args: unknown[]) => {
    const line = ourLogLine(args[0]);
    if (!line) return error(...args);
    if (line.msg === "unhandled error" && line.requestId) causes.set(line.requestId, condensed(line.error));
    else errors.push(`${line.msg}${line.error ? `: ${condensed(line.error)}` : ""}`);
  };
  process.env.LOG_LEVEL = "info";
  const fromWorker = (name: string) => (line: LogLine) => {
    if (line.level === "error") errors.push(`worker ${name}: ${line.msg}${line.error ? `: ${condensed(line.error)}` : ""}`);
  };
  return { causes, errors, fromWorker, restore: () => Object.assign(console, { log, error }) };
}

/**
 * Some answered calls to each operator first. A circuit opens when half the calls of the last
 * minute failed (at least 5): in a process that has just started, the first schedule's faults
 * alone would open it, for 30 s, as they would not in a service that has been answering.
 */
async function warmUp(nextPhone: () => string) {
  const merchant = await newMerchant();
  for (let i = 0; i < 10; i++) {
    for (const gatewayName of ["MTN_MOMO_CI", "WAVE_CI"]) {
      const res = await call("POST", "/api/v4/classic/deposit/initiate", {
        key: merchant.liveKey,
        body: { amount: 1000, currency: "XOF", customerPhone: `+${nextPhone()}`, country: "CI", gatewayName },
      });
      if (res.status !== 200) throw new Error(`warm-up deposit answered ${res.status}`);
    }
  }
}

export async function startWorld(timeoutMs: number) {
  const [mtn, wave] = await Promise.all([startMtnMomoFake(), startWaveFake()]);
  /** Every answer our callback route gave an operator. */
  const callbackAnswers: { path: string; status: number }[] = [];
  let inFlight = 0;
  const relay = await startFakeServer(async (request, res) => {
    inFlight++;
    try {
      const headers = Object.fromEntries(
        ["content-type", "wave-signature", "authorization"].flatMap((name) => (request.headers[name] ? [[name, String(request.headers[name])]] : [])),
      );
      const answer = await call(request.method, request.path, { rawBody: request.body, headers, query: Object.fromEntries(request.url.searchParams) });
      callbackAnswers.push({ path: request.path, status: answer.status });
      sendJson(res, answer.status, answer.body);
    } finally {
      inFlight--;
    }
  });
  wave.sendEventsTo(`${relay.url}/api/operators/wave/callback`);

  for (const name of Object.keys(process.env)) if (name.startsWith("ORANGE_MONEY_") || name.startsWith("MTN_MOMO_") || name.startsWith("WAVE_")) delete process.env[name];
  Object.assign(process.env, mtnMomoFakeEnv(mtn), waveFakeEnv(wave), {
    MTN_MOMO_COUNTRIES: "CI",
    WAVE_COUNTRIES: "CI",
    OPERATOR_TIMEOUT_MS: String(timeoutMs),
    // MTN's X-Callback-Url and Wave's return URLs: the relay above.
    PAYMENT_BASE_URL: relay.url,
  });
  const logs = keepServiceErrors();
  // The workers only run passes: a small pool each, beside this process's (see the test file).
  const env = { ...process.env, LOG_LEVEL: "info", DATABASE_POOL_SIZE: "5" };
  const ready = [false, false];
  const start = (i: 0 | 1) => startWorker(String(i), env, logs.fromWorker(String(i))).then((worker) => ((ready[i] = true), worker));
  const workers: Promise<WorkerHandle>[] = [start(0), start(1)];
  await Promise.all(workers);

  let phones = 0;
  const nextPhone = () => `22507${String(++phones).padStart(8, "0")}`;
  await warmUp(nextPhone);
  return {
    mtn,
    wave,
    relay,
    callbackAnswers,
    /** What the service logged for a request it answered 500, by request id. */
    causes: logs.causes,
    /** Every other error the service logged, here or in a worker. */
    errors: logs.errors,
    timeoutMs,
    /** Callbacks and events the relay is still handing on. */
    relaying: () => inFlight,
    worker: (i: 0 | 1) => workers[i],
    /** Whether worker i is up (not being started again after a kill). */
    ready: (i: 0 | 1) => ready[i],
    /** SIGKILLs worker i and starts another in its place, in the background. */
    async kill(i: 0 | 1) {
      ready[i] = false;
      await (await workers[i]).kill();
      workers[i] = start(i);
    },
    /** A customer's or beneficiary's MSISDN (digits, no "+"), unique in this run: the fakes' scripts are per number. */
    nextPhone,
    async close() {
      logs.restore();
      await Promise.all(workers.map(async (w) => (await w).stop()));
      await Promise.all([mtn.close(), wave.close(), relay.close()]);
    },
  };
}
