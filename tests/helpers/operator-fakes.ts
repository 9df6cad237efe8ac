import { afterAll, beforeAll } from "vitest";
import { operatorPlugin } from "@/lib/integrations/gateways/operators/registry";
import { startOperatorFakes } from "../fakes/start-operator-fakes";

type OperatorFakes = Awaited<ReturnType<typeof startOperatorFakes>>;

/**
 * The operators' fakes for a test file, the app pointed at them through the documented
 * variables, each operator in its profile's test countries (tests/fakes/<id>-fake-profile.ts: MTN
 * and Wave in Côte d'Ivoire, Orange and pawaPay in Senegal), and OPERATOR_TIMEOUT_MS 1 s; the
 * environment is put back after the file. Read them through the getter.
 */
export function useOperatorFakes(): () => OperatorFakes {
  let fakes: OperatorFakes | undefined;
  const saved = { ...process.env };
  beforeAll(async () => {
    fakes = await startOperatorFakes();
    const countries = fakes.started.map((fake) => [`${operatorPlugin(fake.id)!.settings.prefix}COUNTRIES`, fake.testCountries]);
    Object.assign(process.env, fakes.env, Object.fromEntries(countries), { OPERATOR_TIMEOUT_MS: "1000" });
  });
  afterAll(async () => {
    process.env = saved;
    await fakes?.close();
  });
  return () => fakes!;
}
