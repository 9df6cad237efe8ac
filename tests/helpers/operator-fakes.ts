import { afterAll, beforeAll } from "vitest";
import { startOperatorFakes } from "../fakes/start-operator-fakes";

type OperatorFakes = Awaited<ReturnType<typeof startOperatorFakes>>;

/**
 * The operators' fakes for a test file, the app pointed at them through the documented
 * variables (MTN and Wave in Côte d'Ivoire, Orange and pawaPay in Senegal) and OPERATOR_TIMEOUT_MS 1 s; the
 * environment is put back after the file. Read them through the getter.
 */
export function useOperatorFakes(): () => OperatorFakes {
  let fakes: OperatorFakes | undefined;
  const saved = { ...process.env };
  beforeAll(async () => {
    fakes = await startOperatorFakes();
    // pawaPay only in Senegal (Free Money): the files written before it keep their live gateways.
    Object.assign(process.env, fakes.env, { MTN_MOMO_COUNTRIES: "CI", WAVE_COUNTRIES: "CI", ORANGE_MONEY_COUNTRIES: "SN", PAWAPAY_COUNTRIES: "SN", OPERATOR_TIMEOUT_MS: "1000" });
  });
  afterAll(async () => {
    process.env = saved;
    await fakes?.close();
  });
  return () => fakes!;
}
