/** Trust-and-safety calls (designed, docs/api.md): blocks, member reports, DSA notices. */
import type { BlockBody, NoticeBody, ReportBody } from "../../../contract/requests/safety";
import { BlockRecordSchema, BlocksAnswerSchema, CaseFiledSchema } from "../../../contract/schemas";
import type { ApiClient } from "./client.server";

export function fetchBlocks(api: ApiClient) {
  return api.call(BlocksAnswerSchema, "/api/blocks.php");
}

export function setBlock(api: ApiClient, profile: number, block: boolean) {
  const body: BlockBody = { profile };
  return api.call(BlockRecordSchema, "/api/blocks.php", { method: block ? "POST" : "DELETE", body });
}

export function reportMember(api: ApiClient, body: ReportBody) {
  return api.call(CaseFiledSchema, "/api/reports.php", { method: "POST", body });
}

export function fileNotice(api: ApiClient, body: NoticeBody) {
  return api.call(CaseFiledSchema, "/api/complaints.php", { method: "POST", body });
}
