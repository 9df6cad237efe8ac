// The sandbox twin of app/api/health/route.ts: the same handlers, which read the environment from the path.
export * from "@/app/api/health/route";
