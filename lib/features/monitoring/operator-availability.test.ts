import { describe, expect, it } from "vitest";
import { availabilityState } from "./operator-availability";

// The state of an operator's figures over the window (operator-availability.ts's thresholds).
describe("availabilityState", () => {
  const state = (answered: number, failed: number, p95Ms: number | null = 500, circuitOpen = false) => availabilityState({ answered, failed, p95Ms, circuitOpen });

  it("is closed when half the calls fail, or the circuit kept the last call from leaving", () => {
    expect(state(5, 5)).toBe("closed");
    expect(state(1, 4)).toBe("closed");
    expect(state(100, 0, 500, true)).toBe("closed");
  });

  it("is delayed when a tenth of the calls fail, or the answers' p95 reaches 5 s", () => {
    expect(state(9, 1)).toBe("delayed");
    expect(state(10, 0, 5_000)).toBe("delayed");
    expect(state(10, 0, 4_999)).toBe("operational");
    expect(state(99, 1)).toBe("operational");
  });

  it("judges no rate on fewer than five calls", () => {
    expect(state(0, 4)).toBe("operational");
    expect(state(4, 0, 30_000)).toBe("operational");
    expect(state(0, 0, null)).toBe("operational");
  });
});
