/** The activation mail (stub: being written for issue 3). */
import type { Context } from "hono";
import type { ApiContext } from "../context";

export interface MailMember {
  id: number;
  email: string;
  name: string;
  language: string;
}

/**
 * Writes the activation mail to the outbox and delivers it through the configured adapter after
 * the answer has gone (c.executionCtx.waitUntil), so sign-up does not wait for the mail service.
 */
export async function queueActivationMail(c: Context<ApiContext>, member: MailMember): Promise<void> {
  void c;
  void member;
}
