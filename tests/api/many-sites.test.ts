/**
 * The admin's figures over an operator with many sites (workers/api/db/id-list.ts): D1 binds at
 * most 100 parameters to a statement, and with one parameter per site (two in the host figures'
 * target CASE) the host figures failed with "too many SQL variables" at about 33 sites. Each
 * query runs here on real D1 over 250 site ids (sites that need not exist: the statement is what
 * is tested).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { distinctPayers, sumsPerDay, sumsPerSource } from "../../workers/api/db/business-figures";
import { createDb } from "../../workers/api/db/client";
import { figuresPerDay, figuresPerGroup, figuresPerHost } from "../../workers/api/db/host-figures";
import { idList } from "../../workers/api/db/id-list";
import {
  appealsReceived,
  casesByCategory,
  casesDecided,
  decisionsByGround,
  verificationsDecided,
} from "../../workers/api/db/transparency";

const IDS = Array.from({ length: 250 }, (_, i) => i + 1);
const FROM_MS = Date.UTC(2020, 0, 1);
const TO_MS = Date.UTC(2020, 0, 8);

describe("figures over 250 sites", () => {
  const db = createDb(env.DB);

  it("host figures: per day, per group, per host", async () => {
    const range = { sites: IDS.map((id) => ({ id, name: `#${id}`, targetMinutes: 5 })), fromMs: FROM_MS, toMs: TO_MS };
    await expect(figuresPerDay(db, range)).resolves.toBeInstanceOf(Array);
    await expect(figuresPerGroup(db, range)).resolves.toBeInstanceOf(Array);
    await expect(figuresPerHost(db, range)).resolves.toBeInstanceOf(Array);
  });

  it("business figures: per day, per source, payers", async () => {
    const scope = { siteIds: IDS, from: 18_262, to: 18_268, source: null };
    await expect(sumsPerDay(db, scope)).resolves.toBeInstanceOf(Array);
    await expect(sumsPerSource(db, scope)).resolves.toBeInstanceOf(Array);
    await expect(distinctPayers(db, { ...scope, source: "direct" })).resolves.toBeInstanceOf(Array);
  });

  it("transparency report: every count", async () => {
    const scope = { siteIds: IDS, fromMs: FROM_MS, toMs: TO_MS };
    await expect(casesByCategory(db, scope)).resolves.toBeInstanceOf(Array);
    await expect(casesDecided(db, scope)).resolves.toMatchObject({ decided: 0 });
    await expect(decisionsByGround(db, scope)).resolves.toBeInstanceOf(Array);
    await expect(appealsReceived(db, scope)).resolves.toBeDefined();
    await expect(verificationsDecided(db, scope)).resolves.toEqual({ approved: 0, refused: 0 });
  });

  it("writes only safe integers into a statement", () => {
    expect(() => idList([1, 2.5])).toThrow(TypeError);
    expect(() => idList([Number.NaN])).toThrow(TypeError);
    expect(() => idList([1, Number.MAX_SAFE_INTEGER + 1])).toThrow(TypeError);
  });
});
