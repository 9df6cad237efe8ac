import fs from "node:fs";
import path from "node:path";

// The dashboard's entries as Next serves them, read from the app tree: every page, download
// (route handler) and server action, so the role and surface tests cover what exists, and a new
// one fails them until it is classified.

const dashboardDir = path.resolve(import.meta.dirname, "../../app/dashboard");

export type DashboardFile = {
  /** Absolute path, for import(). */
  file: string;
  /** The URL path, route groups dropped: "/dashboard/links/[reference]". */
  route: string;
};

function files(name: string): DashboardFile[] {
  return fs
    .readdirSync(dashboardDir, { recursive: true, encoding: "utf8" })
    .map((relative) => relative.split(path.sep).join("/"))
    .filter((relative) => relative === name || relative.endsWith(`/${name}`))
    .map((relative) => {
      const segments = relative.split("/").slice(0, -1).filter((s) => !/^\(.+\)$/.test(s));
      return { file: path.join(dashboardDir, relative), route: ["/dashboard", ...segments].join("/") };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

export const dashboardPages = () => files("page.tsx");
export const dashboardDownloads = () => files("route.ts");

export type ServerAction = { name: string; file: string; run: (...args: unknown[]) => Promise<unknown> };

/** Every server action under app/dashboard: the async exports of the files that open with "use server". */
export async function dashboardServerActions(): Promise<ServerAction[]> {
  const modules = fs
    .readdirSync(dashboardDir, { recursive: true, encoding: "utf8" })
    .map((relative) => path.join(dashboardDir, relative))
    .filter((file) => /\.tsx?$/.test(file) && /^\s*["']use server["']/.test(fs.readFileSync(file, "utf8")));
  const actions: ServerAction[] = [];
  for (const file of modules.sort()) {
    for (const [name, value] of Object.entries(await import(file))) {
      if (typeof value === "function") actions.push({ name, file, run: value as ServerAction["run"] });
    }
  }
  return actions;
}
