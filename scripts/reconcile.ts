// npm run reconcile [-- --json]
// The money-safety check for support: prints every completed payment without its ledger entries,
// every link and attempt that disagree, every journal or book that does not sum to zero; exits 1
// when it finds any (so it can run from cron or CI), 0 when the books are clean.
import "./load-env";
import { parseArgs } from "node:util";
import { closeDb } from "../lib/db/client";
import { reconcile } from "../lib/ledger/reconcile";
import { openCliDatabase } from "./open-cli-database";

const { values } = parseArgs({ options: { json: { type: "boolean", default: false } } });

try {
  const { client } = await openCliDatabase();
  const problems = await reconcile(client);
  await closeDb();
  if (values.json) console.log(JSON.stringify({ ok: problems.length === 0, problems }));
  else if (problems.length === 0) console.log("Reconciliation: no problem found.");
  else {
    console.log(`Reconciliation: ${problems.length} problem${problems.length === 1 ? "" : "s"} found.`);
    for (const p of problems) console.log(`${p.kind}\t${p.reference}\t${p.details}`);
  }
  process.exit(problems.length === 0 ? 0 : 1);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
