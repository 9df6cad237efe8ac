import { describe, expect, it } from "vitest";
import { waitingRefresh } from "./waiting-refresh";

describe("the waiting screen's reloads without JavaScript", () => {
  it("back off 3, 5, 10, then 15 s, counting rounds in the address", () => {
    const rounds: number[] = [];
    let query: Record<string, string> = {};
    for (let i = 0; i < 6; i++) {
      const next = waitingRefresh("/test/pay/LINK_X", query);
      rounds.push(next.seconds);
      query = Object.fromEntries(new URL(next.url, "http://x").searchParams);
    }
    expect(rounds).toEqual([3, 5, 10, 15, 15, 15]);
  });

  it("keeps the step's choices, drops an old error, and reads a forged round as the first", () => {
    const next = waitingRefresh("/pay/LINK_X", { country: "CI", gateway: "MTN_MOMO_CI", step: "attempt", error: "generic", wait: "2" });
    expect(next).toEqual({ seconds: 10, url: "/pay/LINK_X?country=CI&gateway=MTN_MOMO_CI&step=attempt&wait=3" });
    expect(waitingRefresh("/pay/LINK_X", { wait: "-5" }).seconds).toBe(3);
    expect(waitingRefresh("/pay/LINK_X", { wait: "abc" }).url).toBe("/pay/LINK_X?wait=1");
  });
});
