// npm run sdk:generate - writes the OpenAPI document to sdk/openapi.json and regenerates the SDK's
// types (sdk/src/schema.d.ts) from it. Run it after changing lib/surfaces/openapi, an operation's
// OpenAPI text (its module in lib/surfaces/api-routes) or lib/core/schemas. The document loads the
// operations' modules, handlers included: hence package.json's --import of allow-server-only.mjs.
import fs from "node:fs";
import path from "node:path";
import { generateSdkFiles } from "./sdk-files";

const root = path.resolve(import.meta.dirname, "..");
for (const [file, contents] of Object.entries(await generateSdkFiles())) {
  fs.writeFileSync(path.join(root, file), contents);
  console.log(`wrote ${file}`);
}
