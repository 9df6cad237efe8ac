import { afterAll, beforeAll } from "vitest";
import { startOperatorFakes } from "../fakes/start-operator-fakes";

type OperatorFakes = Awaited<ReturnType<typeof startOperatorFakes>>;

/**
 * The three operators' fakes for a test file, the app pointed at them through the documented
 * variables (MTN and Wave in Côte d'Ivoire, Orange in Senegal) and OPERATOR_TIMEOUT_MS 1 s; the
 * environment is put back after the file. Read them through the getter.
 */
export function useOperatorFakes(): () => OperatorFakes {
  let fakes: OperatorFakes | undefined;
  const saved = { ...process.env };
  beforeAll(async () => {
    fakes = await startOperatorFakes();
    Object.assign(process.env, fakes.env, { MTN_MOMO_COUNTRIES: "CI", WAVE_COUNTRIES: "CI", ORANGE_MONEY_COUNTRIES: "SN", OPERATOR_TIMEOUT_MS: "1000" });
  });
  afterAll(async () => {
    process.env = saved;
    await fakes?.close();
  });
  return () => fakes!;
}
