/**
 * What the trust and safety tests share (safety-*.test.ts): the error and answer checks, two
 * logged-in members, and a member the second site does not show.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { z } from "zod";
import { ApiErrorSchema } from "../../contract/schemas";
import { createMember, loginAs } from "./helpers";

type Member = Awaited<ReturnType<typeof createMember>>;

export async function errorOf(response: Response, status: number, code?: string) {
  expect(response.status, `expected ${status} ${code ?? ""}`).toBe(status);
  expect(response.headers.get("content-type")).toContain("application/json");
  const body = ApiErrorSchema.parse(await response.json());
  if (code) expect(body.error).toBe(code);
  return body;
}

export async function answer<S extends z.ZodType>(response: Response, status: number, schema: S): Promise<z.output<S>> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return schema.parse(await response.json());
}

/** The second demo site (Zilverhart) answers on 127.0.0.1 and shows only NL, BE, DE and AT. */
export const SITE2 = "127.0.0.1";

/** A member of the first site living in GB: the second site does not show them. */
export async function memberOutsideSite2() {
  const member = await createMember();
  await env.DB.prepare("UPDATE members SET country = 'GB', countryregion = NULL WHERE id = ?").bind(member.id).run();
  return member;
}

export async function pair(): Promise<[Member, string, Member, string]> {
  const ann = await createMember({ credits: 100 });
  const bob = await createMember({ credits: 100 });
  return [ann, await loginAs(ann), bob, await loginAs(bob)];
}
