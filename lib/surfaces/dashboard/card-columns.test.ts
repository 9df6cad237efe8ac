import { describe, expect, it } from "vitest";
import { cardColumns } from "./card-columns";

describe("cardColumns", () => {
  it("names each column in a CSS custom property holding a quoted string", () => {
    expect(cardColumns(["Référence", 'Say "hi"'])).toEqual({ "--col-1": '"Référence"', "--col-2": '"Say \\"hi\\""' });
  });
});
