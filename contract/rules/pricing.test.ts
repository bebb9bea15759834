/** The best-discount rule (docs/product.md §10.5): a code never makes a price worse. */
import { describe, expect, it } from "vitest";
import { bestDiscount, type DiscountOffer } from "./pricing";

const welcome: DiscountOffer = { code: "WELCOME", kind: "welcome", percent: 20, min_credits: 0, package_ids: null };
const hello: DiscountOffer = { code: "HELLO10", kind: "general", percent: 10, min_credits: 0, package_ids: null };
const big: DiscountOffer = { code: "BIG25", kind: "general", percent: 25, min_credits: 600, package_ids: null };
const same: DiscountOffer = { code: "SAME20", kind: "general", percent: 20, min_credits: 0, package_ids: null };
const only100: DiscountOffer = { code: "ONLY100", kind: "general", percent: 50, min_credits: 0, package_ids: ["100"] };

const extra: DiscountOffer = {
  code: "EXTRA50",
  kind: "general",
  percent: 0,
  bonus_credits: 50,
  min_credits: 250,
  package_ids: null,
};

const pack = (id: string, credits: number) => ({ id, credits });

describe("bestDiscount", () => {
  it("keeps the welcome offer over a smaller typed code, and says why the code does not count", () => {
    expect(bestDiscount([welcome, hello], pack("250", 250))).toEqual({
      applied: welcome,
      bonus: null,
      passed_over: [{ offer: hello, reason: "better_discount" }],
    });
  });

  it("takes a bigger code only where it applies", () => {
    expect(bestDiscount([welcome, big], pack("250", 250))).toEqual({
      applied: welcome,
      bonus: null,
      passed_over: [{ offer: big, reason: "not_for_package" }],
    });
    expect(bestDiscount([welcome, big], pack("600", 600))).toEqual({
      applied: big,
      bonus: null,
      passed_over: [{ offer: welcome, reason: "better_discount" }],
    });
  });

  it("keeps the earlier (automatic) offer on a tie, and respects a list of packages", () => {
    expect(bestDiscount([welcome, same], pack("250", 250))).toEqual({
      applied: welcome,
      bonus: null,
      passed_over: [{ offer: same, reason: "same_discount" }],
    });
    expect(bestDiscount([only100], pack("250", 250))).toEqual({
      applied: null,
      bonus: null,
      passed_over: [{ offer: only100, reason: "not_for_package" }],
    });
    expect(bestDiscount([], pack("250", 250))).toEqual({ applied: null, bonus: null, passed_over: [] });
  });

  it("never lets a credits bonus change the price: the percent without it wins, the bonus comes on top (ADR 054)", () => {
    expect(bestDiscount([welcome, extra], pack("250", 250))).toEqual({ applied: welcome, bonus: extra, passed_over: [] });
    expect(bestDiscount([extra], pack("250", 250))).toEqual({ applied: null, bonus: extra, passed_over: [] });
    expect(bestDiscount([welcome, extra], pack("100", 100))).toEqual({
      applied: welcome,
      bonus: null,
      passed_over: [{ offer: extra, reason: "not_for_package" }],
    });
  });
});
