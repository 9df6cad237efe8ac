import { describe, expect, it } from "vitest";
import { readWhenFree } from "./receive-operator-callback";

// A payout's or refund's callback is read under the row's send claim. When the sender that holds
// it lets go between our failed try and the row we read back, that row shows the claim free while
// nobody read what the callback announced: the read must be tried again, not dropped.

type Try = { row: { status: string }; stepped: boolean };

function steps(...answers: Try[]) {
  const calls: number[] = [];
  const step = async () => {
    calls.push(calls.length);
    return answers[Math.min(calls.length - 1, answers.length - 1)];
  };
  return { step, calls };
}

describe("readWhenFree", () => {
  it("tries again after a skipped step even when the row read back shows the claim already free", async () => {
    const { step, calls } = steps({ row: { status: "pending" }, stepped: false }, { row: { status: "completed" }, stepped: true });
    await readWhenFree(step, 1);
    expect(calls).toHaveLength(2);
  });

  it("stops once a step of its own ran, even if the row is still pending at the operator", async () => {
    const { step, calls } = steps({ row: { status: "pending" }, stepped: true });
    await readWhenFree(step, 1);
    expect(calls).toHaveLength(1);
  });

  it("stops when the row is settled by the sender it waited for", async () => {
    const { step, calls } = steps({ row: { status: "pending" }, stepped: false }, { row: { status: "pending" }, stepped: false }, { row: { status: "failed" }, stepped: false });
    await readWhenFree(step, 1);
    expect(calls).toHaveLength(3);
  });
});
