import { describe, expect, it } from "vitest";
import { isLoggingOut, markLoggingOut, pollInterval } from "./user-polling";

describe("user polling", () => {
  it("polls every minute, or every five with push", () => {
    expect(pollInterval(false)).toBe(60_000);
    expect(pollInterval(true)).toBe(300_000);
  });

  it("holds the logging-out flag for one second", () => {
    markLoggingOut(10_000);
    expect(isLoggingOut(10_500)).toBe(true);
    expect(isLoggingOut(11_000)).toBe(false);
  });
});
