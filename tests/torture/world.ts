import { servingPlugin } from "@/lib/integrations/gateways/operators/operator-gateways";
import { OPERATOR_PLUGINS, operatorPlugin } from "@/lib/integrations/gateways/operators/registry";
import { call } from "../helpers/api-client";
import { newMerchant } from "../helpers/fixtures";
import { sendJson, startFakeServer } from "../fakes/fake-http";
import { FAKE_PROFILES, isTortureProfile, startFakes, type StartedFake } from "../fakes/fake-profiles";
import { countryOf, type Country } from "./schedule";
import { ourLogLine, startWorker, type LogLine, type WorkerHandle } from "./workers";

// What every schedule of the torture suite runs against, started once: the fakes of the operators
// whose profile has a torture part (tests/fakes/fake-profiles.ts: MTN, Wave and pawaPay), the
// service's public address (a relay that hands MTN's callbacks, Wave's events and pawaPay's signed
// callbacks, sent by the fakes over real HTTP, to the in-process routes), and two worker
// processes, kept alive across schedules (one is started again after it is killed).

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
async function warmUp(nextPhone: (country?: Country) => string, gateways: string[]) {
  const merchant = await newMerchant();
  let refused = 0;
  for (let i = 0; i < 10; i++) {
    for (const gatewayName of gateways) {
      const country = countryOf(gatewayName);
      const res = await call("POST", "/api/v4/classic/deposit/initiate", {
        key: merchant.liveKey,
        body: { amount: 1000, currency: "XOF", customerPhone: `+${nextPhone(country)}`, country, gatewayName },
      });
      // A loaded machine may miss the short timeout now and then: only a warm-up mostly refused is an error.
      if (res.status !== 200 && ++refused > 5) throw new Error(`warm-up deposits answered ${res.status} (${refused} refused)`);
    }
  }
}

/** A started fake of the torture suite: its profile's torture part is there. */
export type TortureFake = StartedFake & { torture: NonNullable<StartedFake["torture"]> };

export async function startWorld(timeoutMs: number) {
  const { started, byKey } = await startFakes(FAKE_PROFILES.filter(isTortureProfile), () => 0, {});
  const fakes = started as TortureFake[];
  /** The callback headers handed on unchanged (Wave's signature, MTN's authorization, pawaPay's RFC 9421 signature and what it covers). */
  const RELAYED = ["content-type", ...new Set(fakes.flatMap((fake) => fake.torture.callbackHeaders))];
  /** Every answer our callback route gave an operator. */
  const callbackAnswers: { path: string; status: number }[] = [];
  let inFlight = 0;
  const relay = await startFakeServer(async (request, res) => {
    inFlight++;
    try {
      const headers = Object.fromEntries(
        RELAYED.flatMap((name) => (request.headers[name] ? [[name, String(request.headers[name])]] : [])),
      );
      const answer = await call(request.method, request.path, { rawBody: request.body, headers, query: Object.fromEntries(request.url.searchParams) });
      callbackAnswers.push({ path: request.path, status: answer.status });
      sendJson(res, answer.status, answer.body);
    } finally {
      inFlight--;
    }
  });
  // The relay's address is the service's public one (pawaPay signs for the @authority it called).
  for (const fake of fakes) fake.sendCallbacksTo(`${relay.url}/api/operators/${fake.id}/callback`);

  const ours = OPERATOR_PLUGINS.map((plugin) => plugin.settings.prefix);
  for (const name of Object.keys(process.env)) if (ours.some((prefix) => name.startsWith(prefix))) delete process.env[name];
  // Each in the countries its profile says (MTN and Wave: Côte d'Ivoire only); pawaPay serves what no direct operator does (Benin, Senegal...).
  const countries = fakes.flatMap((fake) => (fake.torture.countries ? [[`${operatorPlugin(fake.id)!.settings.prefix}COUNTRIES`, fake.torture.countries]] : []));
  Object.assign(process.env, ...fakes.map((fake) => fake.env()), Object.fromEntries(countries), {
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
  // Côte d'Ivoire 07..., Benin 0197... (as pawaPay's Moov Benin numbers), Senegal 77...
  const prefixes: Record<Country, string> = { CI: "22507", BJ: "2290197", SN: "22177" };
  const nextPhone = (country: Country = "CI") => `${prefixes[country]}${String(++phones).padStart(country === "CI" ? 8 : 6, "0")}`;
  await warmUp(nextPhone, fakes.map((fake) => fake.torture.warmUpGateway));
  const byId = new Map(fakes.map((fake) => [fake.id, fake]));
  return {
    ...byKey,
    /** The torture suite's fakes, in fake-profiles.ts's order, each with its profile's readers. */
    fakes,
    /** The fake of the operator serving this gateway in the world (the registry's answer), if it is one of the suite's. */
    fakeServing: (gatewayName: string): TortureFake | null => byId.get(servingPlugin(gatewayName)?.plugin.id ?? "") ?? null,
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
    /** A customer's or beneficiary's MSISDN in that country (digits, no "+"), unique in this run: the fakes' scripts are per number. */
    nextPhone,
    async close() {
      logs.restore();
      await Promise.all(workers.map(async (w) => (await w).stop()));
      await Promise.all([...fakes.map((fake) => fake.fake.close()), relay.close()]);
    },
  };
}
