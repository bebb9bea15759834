/**
 * The member's side of moderation decisions (ADR 030): the ban in force and the decisions
 * against the member, each with the statement of reasons and the member's appeal. Staff write
 * the decisions (the console); these only read them.
 */
import type { Ban, Decision } from "../../../contract/schemas";
import { BAN_CATEGORIES } from "../../../contract/schemas";
import { APPEAL_STATES, DECISIONS_AGAINST, type AppealState } from "../../../contract/rules/appeals";
import type { Db } from "./client";
import type { MemberRow } from "./member-row";

type BanCategory = (typeof BAN_CATEGORIES)[number];

/** A category the contract knows; anything else (a newer console) reads as a breach of the terms. */
function categoryOf(category: string): BanCategory {
  return BAN_CATEGORIES.find((known) => known === category) ?? "terms";
}

function appealStateOf(state: string): AppealState {
  return APPEAL_STATES.find((known) => known === state) ?? "open";
}

/** The ban in force, as user.php answers it, or null. */
export async function findBan(db: Db, member: Pick<MemberRow, "id" | "ban_decision_id">): Promise<Ban | null> {
  if (member.ban_decision_id === null) return null;
  const row = await db
    .selectFrom("moderation_decisions")
    .select(["id", "category", "reason", "created_at", "appeal_until"])
    .where("id", "=", member.ban_decision_id)
    .where("member_id", "=", member.id)
    .executeTakeFirst();
  if (!row) {
    // A ban without its decision is a console bug: the member is still banned, and told so.
    return { reason: "", category: "terms", decided_at: 0, appeal_until: null, appeal_url: null, decision_id: null };
  }
  return {
    reason: row.reason,
    category: categoryOf(row.category),
    decided_at: row.created_at,
    appeal_until: row.appeal_until,
    // The appeal form is on /pages/ban itself (the form of any decision is at /appeals/:id).
    appeal_url: "/pages/ban#appeal",
    decision_id: row.id,
  };
}

/** One decision against the member, if it is theirs and one they may appeal. */
export async function findDecisionAgainst(db: Db, memberId: number, decisionId: number) {
  return db
    .selectFrom("moderation_decisions")
    .select(["id", "site_id", "action", "category", "appeal_until", "created_at"])
    .where("id", "=", decisionId)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
}

/** The decisions against the member, newest first, with their appeals (GET /api/decisions.php). */
export async function listDecisionsAgainst(
  db: Db,
  member: Pick<MemberRow, "id" | "ban_decision_id">,
  now = Date.now(),
): Promise<Decision[]> {
  const rows = await db
    .selectFrom("moderation_decisions as d")
    .leftJoin("appeals as a", "a.decision_id", "d.id")
    .select([
      "d.id",
      "d.action",
      "d.category",
      "d.reason",
      "d.created_at",
      "d.appeal_until",
      "a.reference",
      "a.state",
      "a.created_at as appealed_at",
      "a.decided_at as appeal_decided_at",
    ])
    .where("d.member_id", "=", member.id)
    .where("d.action", "in", [...DECISIONS_AGAINST])
    .orderBy("d.created_at", "desc")
    .orderBy("d.id", "desc")
    .limit(100)
    .execute();
  return rows.flatMap((row): Decision[] => {
    const action = DECISIONS_AGAINST.find((known) => known === row.action);
    if (!action) return [];
    const appeal =
      row.reference !== null && row.state !== null && row.appealed_at !== null
        ? {
            reference: row.reference,
            state: appealStateOf(row.state),
            created_at: row.appealed_at,
            decided_at: row.appeal_decided_at,
          }
        : null;
    return [
      {
        id: row.id,
        action,
        category: categoryOf(row.category),
        reason: row.reason,
        decided_at: row.created_at,
        appeal_until: row.appeal_until,
        appealable: appeal === null && (row.appeal_until === null || row.appeal_until > now),
        in_force: member.ban_decision_id === row.id,
        appeal,
      },
    ];
  });
}
