/**
 * The business figures' answer (issue 28 point 6; ADR 051), put together from the roll-up sums
 * (db/business-figures.ts): per day, per source and in all; money per currency with net revenue
 * (revenue less refunds, withdrawals and chargebacks) and the distinct paying members; and the
 * same as CSV tables. Pure: no database, so the rules are unit-tested (business-figures.test.ts).
 */
import {
  type BusinessDay,
  type BusinessFiguresAnswer,
  type BusinessSource,
  type BusinessTable,
  COUNT_FIGURES,
  type CountFigure,
  type FigureCounts,
  MONEY_FIGURES,
  type MoneyFigure,
  type MoneyRow,
} from "../../../contract/business-figures";
import { dayText } from "../../../contract/rules/host-figures";
import type { FigureSum, PayerCount } from "../db/business-figures";
import type { CsvValue } from "../lib/csv";

const ALL = "*";
const isCount = (figure: string): figure is CountFigure => (COUNT_FIGURES as readonly string[]).includes(figure);
const isMoney = (figure: string): figure is MoneyFigure => (MONEY_FIGURES as readonly string[]).includes(figure);

function zeroCounts(): FigureCounts {
  return Object.fromEntries(COUNT_FIGURES.map((figure) => [figure, 0])) as FigureCounts;
}

/** Sums of one key (a day or a source): its counts, its payers figure, its money per currency. */
interface Group {
  counts: FigureCounts;
  payers: Map<string, number>;
  money: Map<string, Record<MoneyFigure, number>>;
}

function emptyGroup(): Group {
  return { counts: zeroCounts(), payers: new Map(), money: new Map() };
}

function group(sums: readonly FigureSum[]): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const sum of sums) {
    const into = groups.get(sum.key) ?? emptyGroup();
    groups.set(sum.key, into);
    if (isCount(sum.figure)) into.counts[sum.figure] += sum.value;
    else if (sum.figure === "payers") into.payers.set(sum.currency, (into.payers.get(sum.currency) ?? 0) + sum.value);
    else if (isMoney(sum.figure)) {
      const money = into.money.get(sum.currency) ?? { revenue: 0, refunds: 0, withdrawals: 0, chargebacks: 0 };
      money[sum.figure] += sum.value;
      into.money.set(sum.currency, money);
    }
  }
  return groups;
}

/** Money rows, by currency name; `payersOf` gives the paying members of a currency. */
function moneyRows(money: Map<string, Record<MoneyFigure, number>>, payersOf: (currency: string) => number): MoneyRow[] {
  const currencies = new Set(money.keys());
  return [...currencies].sort().map((currency) => {
    const m = money.get(currency) ?? { revenue: 0, refunds: 0, withdrawals: 0, chargebacks: 0 };
    return {
      currency,
      ...m,
      net: m.revenue - m.refunds - m.withdrawals - m.chargebacks,
      paying_members: payersOf(currency),
    };
  });
}

export interface BusinessInput {
  from: number;
  to: number;
  siteId: number | null;
  sites: { id: number; name: string }[];
  source: string | null;
  perDay: readonly FigureSum[];
  /** Per source over the whole range, every source (not only the one chosen). */
  perSource: readonly FigureSum[];
  payers: readonly PayerCount[];
}

export function businessAnswer(input: BusinessInput): BusinessFiguresAnswer {
  const days = group(input.perDay);
  const sources = group(input.perSource);
  // Distinct payers per source and currency, and their sums over either or both ("*").
  const payers = new Map<string, number>();
  for (const p of input.payers) {
    for (const key of [`${p.source}|${p.currency}`, `${p.source}|${ALL}`, `${ALL}|${p.currency}`, `${ALL}|${ALL}`]) {
      payers.set(key, (payers.get(key) ?? 0) + p.members);
    }
  }
  const payersOf = (source: string, currency: string) => payers.get(`${source}|${currency}`) ?? 0;

  const dayRows: BusinessDay[] = [];
  const totals = emptyGroup();
  for (let day = input.from; day <= input.to; day++) {
    const g = days.get(String(day)) ?? emptyGroup();
    for (const figure of COUNT_FIGURES) totals.counts[figure] += g.counts[figure];
    for (const [currency, m] of g.money) {
      const sum = totals.money.get(currency) ?? { revenue: 0, refunds: 0, withdrawals: 0, chargebacks: 0 };
      for (const figure of MONEY_FIGURES) sum[figure] += m[figure];
      totals.money.set(currency, sum);
    }
    dayRows.push({
      day: dayText(day),
      ...g.counts,
      // A member paying in two currencies on one day counts in each (ADR 051).
      paying_members: [...g.payers.values()].reduce((a, b) => a + b, 0),
      money: moneyRows(g.money, (currency) => g.payers.get(currency) ?? 0),
    });
  }

  const sourceRows: BusinessSource[] = [...sources.entries()]
    .filter(([source]) => input.source === null || source === input.source)
    .map(([source, g]) => ({
      source,
      ...g.counts,
      paying_members: payersOf(source, ALL),
      money: moneyRows(g.money, (currency) => payersOf(source, currency)),
    }))
    .sort((a, b) => b.signups - a.signups || b.visits_welcome + b.visits_lander - (a.visits_welcome + a.visits_lander));

  return {
    from: dayText(input.from),
    to: dayText(input.to),
    site_id: input.siteId,
    sites: input.sites,
    source: input.source,
    sources: [...sources.keys()].sort(),
    totals: {
      ...totals.counts,
      paying_members: payersOf(ALL, ALL),
      money: moneyRows(totals.money, (currency) => payersOf(ALL, currency)),
    },
    days: dayRows,
    by_source: sourceRows,
  };
}

/** Cents as a decimal amount (a spreadsheet's number). */
const amount = (cents: number) => Math.round(cents) / 100;
/** "" is a member without a network: named in words in the file. */
const sourceName = (source: string) => (source === "" ? "(no network)" : source);

/** One table of the answer as CSV rows, its header first (docs/api.md names the columns). */
export function businessCsvRows(figures: BusinessFiguresAnswer, table: BusinessTable): CsvValue[][] {
  if (table === "money") {
    return [
      ["day", "currency", ...MONEY_FIGURES, "net", "paying_members"],
      ...figures.days.flatMap((day) =>
        day.money.map((m) => [
          day.day,
          m.currency,
          ...MONEY_FIGURES.map((figure) => amount(m[figure])),
          amount(m.net),
          m.paying_members,
        ]),
      ),
    ];
  }
  if (table === "sources") {
    const currencies = figures.totals.money.map((m) => m.currency);
    return [
      ["source", ...COUNT_FIGURES, "paying_members", ...currencies.flatMap((c) => [`revenue_${c}`, `net_${c}`])],
      ...figures.by_source.map((row) => [
        sourceName(row.source),
        ...COUNT_FIGURES.map((figure) => row[figure]),
        row.paying_members,
        ...currencies.flatMap((c) => {
          const m = row.money.find((money) => money.currency === c);
          return [amount(m?.revenue ?? 0), amount(m?.net ?? 0)];
        }),
      ]),
    ];
  }
  return [
    ["day", ...COUNT_FIGURES, "paying_members"],
    ...figures.days.map((day) => [day.day, ...COUNT_FIGURES.map((figure) => day[figure]), day.paying_members]),
  ];
}
