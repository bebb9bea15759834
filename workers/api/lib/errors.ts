/**
 * Every API error is JSON with a stable code (the app translates it) and an English message
 * for operators. Handlers throw ApiError; index.ts turns it into the answer.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode } from "../../../contract/errors";

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      fields?: Record<string, string>;
      retry_after?: number;
      balance?: number;
      cost?: number;
      order_id?: string;
      /** claimed_by_other: who holds the conversation (ADR 045). */
      holder?: string;
      /** too_many_held: how many a host may hold. */
      max_held?: number;
      /** new_conversations_limit: the member's new conversations a day (ADR 056). */
      limit?: number;
    } = {},
  ) {
    super(message);
  }

  toJSON() {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

export const notLoggedIn = () => new ApiError(403, "not_logged_in", "Log in first.");
