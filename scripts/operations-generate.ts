// npm run operations:generate - writes lib/surfaces/api-routes/operations.generated.ts, the imports
// of every operation module in the folders of lib/surfaces/api-routes, which route-table.ts lists.
// Run it after adding, renaming or removing an operation or its module (`npm run sdk:generate` runs
// it first). It reads the modules' text only: nothing is imported, no database or settings needed.
import fs from "node:fs";
import path from "node:path";
import { generateOperationsFile } from "./operations-file";

const root = path.resolve(import.meta.dirname, "..");
let generated: ReturnType<typeof generateOperationsFile>;
try {
  generated = generateOperationsFile();
} catch (error) {
  // The problems are the message (a module exporting something else, a name used twice): no stack.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const { file, contents } = generated;
const target = path.join(root, file);
if (fs.existsSync(target) && fs.readFileSync(target, "utf8") === contents) {
  console.log(`${file} is up to date`);
} else {
  fs.writeFileSync(target, contents);
  console.log(`wrote ${file}`);
}
