/**
 * What a member answered at sign-up or on /profile, as their page shows it (issue 29 point 5,
 * docs/product.md §2 "A member's page"): the select fields' answers by their labels, and the
 * interests by name, those the viewer shares first and marked. The labels are the API's
 * (profile_fields.php, interests.php: a PHP API may define its own), fetched beside each other
 * and kept a minute per isolate; either failing only leaves its part out.
 */
import type { ApiClient } from "./api/client.server";
import { fetchInterests, fetchProfileFields } from "./api/signup.server";
import type { Locale } from "../../contract/locales";

export interface MemberAnswer {
  name: string;
  label: string;
  value: string;
}
export interface MemberInterest {
  name: string;
  /** The viewer chose it too. */
  shared: boolean;
}

const idsOf = (list: string | undefined) => (list ?? "").split(",").filter(Boolean);

export async function memberAnswers(
  api: ApiClient,
  locale: Locale,
  fields: Record<string, string>,
  viewerFields: Record<string, string> | null,
): Promise<{ answers: MemberAnswer[]; interests: MemberInterest[] }> {
  const chosen = idsOf(fields.interests);
  const [definitions, names] = await Promise.all([
    fetchProfileFields(api, locale).catch(() => null),
    chosen.length > 0 ? fetchInterests(api, locale).catch(() => null) : null,
  ]);
  const answers = (definitions?.ok ? definitions.data.fields : []).flatMap((field) => {
    if (field.type !== "select") return [];
    const option = field.allowed_values.find((o) => o.value === fields[field.name]);
    return option ? [{ name: field.name, label: field.label, value: option.label }] : [];
  });
  const viewerInterests = new Set(idsOf(viewerFields?.interests));
  const interests = (names?.ok ? names.data.interests : [])
    .filter((interest) => chosen.includes(interest.id))
    .map((interest) => ({ name: interest.name, shared: viewerInterests.has(interest.id) }))
    // Shared ones first: what two people have in common is what starts a conversation.
    .sort((a, b) => Number(b.shared) - Number(a.shared));
  return { answers, interests };
}
