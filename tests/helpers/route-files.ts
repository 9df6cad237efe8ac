import fs from "node:fs";
import path from "node:path";
import { isApiTreePath } from "@/lib/core/domain/api-trees";
import { environmentFromPath } from "@/lib/core/domain/environment";

// Where the tests find the API's code on disk: the route files of app/ and the operation modules the
// route table lists (through lib/surfaces/api-routes/operations.generated.ts).
const root = path.resolve(import.meta.dirname, "../..");

export type AppRouteFile = {
  /** "app/dashboard/(app)/links/[reference]/qr.png/route.ts" */
  file: string;
  /** The URL path Next gives it, route groups left out: "/dashboard/links/[reference]/qr.png". */
  path: string;
  /** Whether the path is in one of the API's trees (lib/core/domain/api-trees.ts), "/test" set aside. */
  inApiTree: boolean;
};

export function appRouteFiles(): AppRouteFile[] {
  return fs
    .readdirSync(path.join(root, "app"), { recursive: true, encoding: "utf8" })
    .map((file) => `app/${file.split(path.sep).join("/")}`)
    .filter((file) => file.endsWith("/route.ts"))
    .map((file) => {
      const urlPath = `/${file.slice("app/".length, -"/route.ts".length).split("/").filter((segment) => !/^\(.*\)$/.test(segment)).join("/")}`;
      return { file, path: urlPath, inApiTree: isApiTreePath(environmentFromPath(urlPath).pathname) };
    });
}

/** The operation modules the route table lists, by each operation they export: "createPaymentLink" -> "lib/surfaces/api-routes/merchant-api/payments-link.ts". */
export function tableModules(): Map<string, string> {
  const source = fs.readFileSync(path.join(root, "lib/surfaces/api-routes/operations.generated.ts"), "utf8");
  return new Map(
    [...source.matchAll(/import \{([^}]+)\} from "\.\/([^"]+\/[^"]+)";/g)].flatMap(([, names, file]) =>
      names.split(",").map((name) => [name.trim(), `lib/surfaces/api-routes/${file}.ts`] as const),
    ),
  );
}
