/** The staff console's audit log (ADR 029): who did what, newest first. */
import { Hono } from "hono";
import { AuditAnswerSchema, STAFF_ROLES, StaffAuditQuerySchema } from "../../../../contract/staff";
import type { ApiContext } from "../../context";
import { listAuditLines } from "../../db/staff";
import { answer } from "../../lib/answer";
import { readQuery } from "../../lib/request";
import { requireStaff } from "../../lib/staff";

const AUDIT_PAGE = 50;

export const staffAudit = new Hono<ApiContext>()
  /** GET /api/staff/audit.php?before=: the audit log, newest first, 50 a page: admins see their scope, moderators and hosts themselves. */
  .get("/staff/audit.php", async (c) => {
    const me = await requireStaff(c, { roles: STAFF_ROLES });
    const { before } = readQuery(c, StaffAuditQuerySchema);
    const scope = me.role !== "admin" ? { staffId: me.id } : me.site_id !== null ? { siteId: me.site_id } : {};
    const rows = await listAuditLines(c.var.db, { ...scope, before }, AUDIT_PAGE);
    return answer(c, AuditAnswerSchema, {
      entries: rows.map((row) => {
        let detail: Record<string, unknown> = {};
        try {
          const parsed: unknown = JSON.parse(row.detail);
          if (typeof parsed === "object" && parsed !== null) detail = parsed as Record<string, unknown>;
        } catch {
          // an unreadable detail shows as none
        }
        return { ...row, detail };
      }),
    });
  });
