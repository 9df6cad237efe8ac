// The sandbox twin of app/api/v1/[...path]/route.ts: the same handlers, which read the environment from the path.
export * from "@/app/api/v1/[...path]/route";
