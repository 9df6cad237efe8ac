// The sandbox twin of app/public/[...path]/route.ts: the same handlers, which read the environment from the path.
export * from "@/app/public/[...path]/route";
