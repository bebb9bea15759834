import { describe, expect, it } from "vitest";
import { dayOf } from "../../../contract/rules/host-figures";
import { businessAnswer, businessCsvRows } from "./business-figures";

const D = dayOf("2026-03-02")!;
const sum = (key: string | number, figure: string, value: number, currency = "") => ({
  key: String(key),
  figure,
  currency,
  value,
});

function answerOf(overrides: Partial<Parameters<typeof businessAnswer>[0]> = {}) {
  return businessAnswer({
    from: D,
    to: D + 2,
    siteId: null,
    sites: [{ id: 1, name: "Amora" }],
    source: null,
    perDay: [
      sum(D, "signups", 3),
      sum(D, "visits_welcome", 10),
      sum(D + 2, "signups", 1),
      sum(D, "revenue", 1999, "EUR"),
      sum(D, "payers", 1, "EUR"),
      sum(D + 1, "refunds", 500, "EUR"),
      sum(D + 1, "revenue", 700, "USD"),
      sum(D + 1, "payers", 1, "USD"),
      sum(D, "not_a_figure", 99),
    ],
    perSource: [
      sum("", "signups", 1),
      sum("net-a", "signups", 3),
      sum("net-a", "revenue", 1999, "EUR"),
      sum("net-b", "visits_lander", 7),
    ],
    payers: [
      { source: "", currency: "USD", members: 1 },
      { source: "net-a", currency: "EUR", members: 1 },
    ],
    ...overrides,
  });
}

describe("businessAnswer", () => {
  it("lists every day, sums the counts, and keeps money per currency with net and distinct payers", () => {
    const a = answerOf();
    expect(a.days.map((d) => d.day)).toEqual(["2026-03-02", "2026-03-03", "2026-03-04"]);
    expect(a.days[1]!.signups).toBe(0);
    expect([a.totals.signups, a.totals.visits_welcome, a.totals.paying_members]).toEqual([4, 10, 2]);
    expect(a.totals.money).toEqual([
      { currency: "EUR", revenue: 1999, refunds: 500, withdrawals: 0, chargebacks: 0, net: 1499, paying_members: 1 },
      { currency: "USD", revenue: 700, refunds: 0, withdrawals: 0, chargebacks: 0, net: 700, paying_members: 1 },
    ]);
    expect(a.days[0]!.money).toEqual([
      { currency: "EUR", revenue: 1999, refunds: 0, withdrawals: 0, chargebacks: 0, net: 1999, paying_members: 1 },
    ]);
    expect(a.days[0]!.paying_members).toBe(1);
  });

  it("orders sources by sign-ups, then visits; lists them all; with one chosen, shows that one only", () => {
    const a = answerOf();
    expect(a.sources).toEqual(["", "net-a", "net-b"]);
    expect(a.by_source.map((s) => s.source)).toEqual(["net-a", "", "net-b"]);
    expect(a.by_source[0]).toMatchObject({ signups: 3, paying_members: 1 });
    const one = answerOf({ source: "net-b" });
    expect(one.by_source.map((s) => s.source)).toEqual(["net-b"]);
    expect(one.sources).toEqual(["", "net-a", "net-b"]);
  });

  it("writes the CSV tables with amounts in units and the direct source in words", () => {
    const a = answerOf();
    const money = businessCsvRows(a, "money");
    expect(money[0]).toEqual(["day", "currency", "revenue", "refunds", "withdrawals", "chargebacks", "net", "paying_members"]);
    expect(money).toContainEqual(["2026-03-03", "EUR", 0, 5, 0, 0, -5, 0]);
    const sources = businessCsvRows(a, "sources");
    expect(sources[0]!.slice(-4)).toEqual(["revenue_EUR", "net_EUR", "revenue_USD", "net_USD"]);
    expect(sources.map((row) => row[0])).toContain("(no network)");
    expect(businessCsvRows(a, "days")).toHaveLength(4);
  });
});
