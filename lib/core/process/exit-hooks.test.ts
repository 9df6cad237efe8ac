import { describe, expect, it } from "vitest";
import { onProcessExit, runExitHooks } from "./exit-hooks";

describe("exit hooks", () => {
  it("run every hook once per name, the server finding them on globalThis, one failing not stopping the others", async () => {
    const ran: string[] = [];
    onProcessExit("test a", async () => void ran.push("first a"));
    onProcessExit("test a", async () => void ran.push("a")); // the same name again: replaced
    onProcessExit("test broken", () => Promise.reject(new Error("database down")));
    onProcessExit("test b", async () => void ran.push("b"));
    // What server/app-server.cjs calls after Next closed.
    const fromServer = (globalThis as { __pcsRunExitHooks?: () => Promise<void> }).__pcsRunExitHooks;
    expect(fromServer).toBe(runExitHooks);
    await fromServer!();
    expect(ran.sort()).toEqual(["a", "b"]);
  });
});
