// The sandbox twin of app/api/[...path]/route.ts: the same handlers, which read the environment from the path.
export * from "@/app/api/[...path]/route";
