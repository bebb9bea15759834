/** Queries over every site of this database (the operator's network). */
import { sql } from "kysely";
import type { Db } from "./client";

/**
 * The names of the sites that may show a member of `site` (docs/product.md "Visibility across
 * sites"): the site itself first, then every other site that shares one of its countries (a site
 * shows the active members of its countries). Reads two fields of each site's settings, not all.
 */
export async function networkSiteNames(db: Db, site: { id: number; settings: { name: string; countries: string[] } }) {
  const rows = await db
    .selectFrom("sites")
    .select([
      "id",
      sql<string>`json_extract(settings, '$.name')`.as("name"),
      sql<string>`json_extract(settings, '$.countries')`.as("countries"),
    ])
    .where("id", "!=", site.id)
    .orderBy("id")
    .execute();
  const ours = new Set(site.settings.countries);
  const others = rows.filter((row) => {
    try {
      const countries: unknown = JSON.parse(row.countries);
      return Array.isArray(countries) && countries.some((c) => typeof c === "string" && ours.has(c));
    } catch {
      return false;
    }
  });
  return [site.settings.name, ...others.map((row) => row.name).filter((name) => typeof name === "string" && name !== "")];
}
