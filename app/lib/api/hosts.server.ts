/** The hosts' workplace calls (docs/api.md "Chat hosts", ADR 045): the staff session travels like on every staff call. */
import {
  HostClaimAnswerSchema,
  HostConversationAnswerSchema,
  HostNotesAnswerSchema,
  HostQueueAnswerSchema,
  HostReleaseAnswerSchema,
  HostReplyAnswerSchema,
  type HostNotesBody,
  type HostReplyBody,
} from "../../../contract/hosts";
import type { ApiClient } from "./client.server";

export function hostQueue(api: ApiClient) {
  return api.call(HostQueueAnswerSchema, "/api/staff/host_queue.php");
}

export function hostConversation(api: ApiClient, id: number) {
  return api.call(HostConversationAnswerSchema, "/api/staff/host_conversation.php", { query: { id: String(id) } });
}

export function hostClaim(api: ApiClient, conversation: number) {
  return api.call(HostClaimAnswerSchema, "/api/staff/host_claim.php", { method: "POST", body: { conversation } });
}

export function hostTyping(api: ApiClient, conversation: number) {
  return api.call(HostClaimAnswerSchema, "/api/staff/host_typing.php", { method: "POST", body: { conversation } });
}

export function hostRelease(api: ApiClient, conversation: number) {
  return api.call(HostReleaseAnswerSchema, "/api/staff/host_release.php", { method: "POST", body: { conversation } });
}

export function hostReply(api: ApiClient, body: HostReplyBody) {
  return api.call(HostReplyAnswerSchema, "/api/staff/host_reply.php", { method: "POST", body });
}

export function hostNotes(api: ApiClient, body: HostNotesBody) {
  return api.call(HostNotesAnswerSchema, "/api/staff/host_notes.php", { method: "POST", body });
}
