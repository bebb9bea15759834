import { describe, expect, it } from "vitest";
import { messageCost } from "./message-cost";

const pricing = {
  message_credits: 10,
  minimum_message_costs: { NL: { costs: 10 }, US: { costs: 12 }, GB: { costs: 0 } },
};

describe("messageCost", () => {
  it("is the site's message credits when the country's minimum is not higher", () => {
    expect(messageCost(pricing, "NL")).toBe(10);
    expect(messageCost(pricing, "GB")).toBe(10);
  });
  it("never goes below the minimum of the sender's country", () => {
    expect(messageCost(pricing, "US")).toBe(12);
    expect(messageCost({ ...pricing, message_credits: 3 }, "NL")).toBe(10);
  });
  it("is the site's message credits for a country without a minimum, or no country", () => {
    expect(messageCost(pricing, "FR")).toBe(10);
    expect(messageCost(pricing, null)).toBe(10);
  });
});
