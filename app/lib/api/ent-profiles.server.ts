/** Entertainment profiles in the staff console (docs/api.md "Entertainment profiles", ADR 045): admins only. */
import {
  EntProfileAnswerSchema,
  EntProfileSavedSchema,
  EntProfilesAnswerSchema,
  type EntPersonaNotesBody,
  type EntPhotoDeleteBody,
  type EntProfileBody,
  type EntProfileStateBody,
} from "../../../contract/entertainment";
import { HostNotesAnswerSchema } from "../../../contract/hosts";
import { ImagesAnswerSchema } from "../../../contract/schemas/account";
import type { ApiClient } from "./client.server";

export function entProfiles(api: ApiClient) {
  return api.call(EntProfilesAnswerSchema, "/api/staff/ent_profiles.php");
}

export function entProfile(api: ApiClient, id: number) {
  return api.call(EntProfileAnswerSchema, "/api/staff/ent_profile.php", { query: { id: String(id) } });
}

export function saveEntProfile(api: ApiClient, body: EntProfileBody) {
  return api.call(EntProfileSavedSchema, "/api/staff/ent_profile.php", { method: "POST", body });
}

export function setEntProfileState(api: ApiClient, body: EntProfileStateBody) {
  return api.call(EntProfileSavedSchema, "/api/staff/ent_profile_state.php", { method: "POST", body });
}

export function saveEntPersonaNotes(api: ApiClient, body: EntPersonaNotesBody) {
  return api.call(HostNotesAnswerSchema, "/api/staff/ent_persona_notes.php", { method: "POST", body });
}

export function uploadEntPhoto(api: ApiClient, profile: number, file: File) {
  const formData = new FormData();
  formData.set("file", file);
  return api.call(ImagesAnswerSchema, "/api/staff/ent_profile_photo.php", {
    method: "POST",
    query: { profile: String(profile) },
    formData,
  });
}

export function deleteEntPhoto(api: ApiClient, body: EntPhotoDeleteBody) {
  return api.call(ImagesAnswerSchema, "/api/staff/ent_profile_photo.php", { method: "DELETE", body });
}
