import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SEED_CLEARS, SEED_NULLS } from "./seed-tables";

const migrations = path.join(import.meta.dirname, "../workers/api/migrations");
const sql = readdirSync(migrations)
  .filter((f) => f.endsWith(".sql"))
  .sort()
  .map((f) => readFileSync(path.join(migrations, f), "utf8"))
  .join("\n");

describe("the seed's list of tables to empty", () => {
  it("has every table the migrations create", () => {
    const tables = [...sql.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?(\w+)/gi)].map((m) => m[1]);
    expect(tables.filter((t) => !(SEED_CLEARS as readonly string[]).includes(t ?? ""))).toEqual([]);
  });

  it("empties a table only after every table that refers to it", () => {
    // Each CREATE TABLE block and the tables its columns reference.
    const blocks = sql.split(/(?=CREATE TABLE )|(?=ALTER TABLE )/i);
    for (const block of blocks) {
      const table = /^(?:CREATE|ALTER) TABLE (?:IF NOT EXISTS )?(\w+)/i.exec(block)?.[1];
      if (!table) continue;
      // A column the seed sets to NULL first needs no order (SEED_NULLS).
      const added = /^ALTER TABLE \w+ ADD COLUMN (\w+)/i.exec(block)?.[1];
      if (SEED_NULLS.some((n) => n.table === table && n.column === added)) continue;
      for (const [, parent] of block.matchAll(/REFERENCES (\w+)/gi)) {
        if (parent === table) continue;
        const order = SEED_CLEARS as readonly string[];
        expect(order.indexOf(table), `${table} before ${parent}`).toBeLessThan(order.indexOf(parent ?? ""));
      }
    }
  });
});
