import { describe, expect, it } from "vitest";
import { STATUS_CLASSES, statusClass, statusClassIndex } from "./status-class";

describe("statusClass", () => {
  it("names an answer's class by its first digit", () => {
    expect([101, 200, 201, 204, 302, 400, 401, 404, 429, 499, 500, 502, 503, 599].map(statusClass)).toEqual([
      "1xx", "2xx", "2xx", "2xx", "3xx", "4xx", "4xx", "4xx", "4xx", "4xx", "5xx", "5xx", "5xx", "5xx",
    ]);
  });

  it("counts a status outside 100-599 as a server error", () => {
    for (const status of [0, 42, 99, 600, 999, -1]) expect(statusClass(status), String(status)).toBe("5xx");
  });

  it("indexes the classes as it names them", () => {
    for (const status of [100, 200, 301, 422, 500, 700]) expect(STATUS_CLASSES[statusClassIndex(status)]).toBe(statusClass(status));
  });
});
