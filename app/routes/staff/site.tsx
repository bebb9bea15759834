import { data, redirect, useNavigation } from "react-router";
import { SiteHistory } from "~/components/staff/SiteHistory";
import { SiteLookPreview } from "~/components/staff/SitePreview";
import { type GroupReply, SiteSettingsForm } from "~/components/staff/SiteSettingsForm";
import { PUSH_KEYS_INTENT, SitePushKeysAnswer, SitePushKeysPanel } from "~/components/staff/SitePushKeys";
import { PageHeading } from "~/components/staff/StaffBasics";
import {
  generateStaffPushKeys,
  rollBackStaffSite,
  saveStaffSite,
  staffSite,
  staffSiteVersion,
} from "~/lib/api/site-admin.server";
import { forgetSettings } from "~/lib/api/site.server";
import { apiContext } from "~/lib/context";
import { useTranslation } from "~/lib/i18n-react";
import { apiFailurePage } from "~/lib/page-errors.server";
import { applyGroup, fieldOfPath, groupValues } from "~/lib/site-settings/codec";
import { groupById, SITE_GROUPS } from "~/lib/site-settings/groups";
import { formText, requireStaffPage, STAFF_HEADERS } from "~/lib/staff.server";
import type { SitePushKeys } from "../../../contract/site-admin";
import type { MessageKey } from "../../../contract/translator";
import sitesCss from "~/staff-sites.css?url";
import type { Route } from "./+types/site";

/** The console's site pages have styles of their own, a file only they load. */
export function links() {
  return [{ rel: "stylesheet", href: sitesCss }];
}

/**
 * /staff/sites/:siteId: one site's settings by form (docs/product.md §16.2, ADR 047), a form per
 * group saved on its own over the version the page was read at, a live preview of the look, and
 * the saved versions with what rolling back to one would change. Admins of the site only.
 */
export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaffPage(args.context);
  if (staff.role !== "admin") throw redirect(staff.role === "host" ? "/staff/hosts" : "/staff", { headers: STAFF_HEADERS });
  const api = args.context.get(apiContext);
  const id = siteIdOf(args.params.siteId);
  const result = await staffSite(api, id);
  if (!result.ok) return apiFailurePage(result, args);
  const url = new URL(args.request.url);
  const compareTo = Number(url.searchParams.get("compare"));
  const compared =
    Number.isSafeInteger(compareTo) && compareTo >= 0 && url.searchParams.has("compare")
      ? await staffSiteVersion(api, id, compareTo)
      : null;
  return {
    ...result.data,
    saved: url.searchParams.get("saved"),
    compare: compared?.ok ? compared.data : null,
    // "Generate a new key pair" on a site with a key asks first (a link, so it works without JavaScript).
    confirmPush: url.searchParams.get("push") === "replace",
    now: Date.now(),
  };
}

function siteIdOf(param: string | undefined): number {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/** A group's answer; after "Generate a new key pair", the new pair (shown once, never stored by the app). */
type Reply = GroupReply & { pushKeys?: SitePushKeys; replaced?: boolean };

const reply = (body: Reply, status: number) => data<Reply>(body, { status, headers: STAFF_HEADERS });

export async function action(args: Route.ActionArgs) {
  await requireStaffPage(args.context);
  const api = args.context.get(apiContext);
  const form = await args.request.formData();
  const id = siteIdOf(args.params.siteId);
  const page = `/staff/sites/${id}`;
  const version = Number(formText(form, "version"));
  const intent = formText(form, "intent");

  if (intent === "rollback") {
    const to = Number(formText(form, "to"));
    const before = await staffSite(api, id);
    const result = await rollBackStaffSite(api, { id, version, to });
    if (result.ok && before.ok) forgetSettings(before.data.site.host);
    if (!result.ok) {
      const formError =
        result.error.error === "settings_changed" ? "staffSites.changedMeanwhile" : "staffSites.error.rollbackInvalid";
      return reply({ group: "history", values: {}, errors: {}, formError }, result.status);
    }
    throw redirect(`${page}?saved=rollback#history`, { headers: STAFF_HEADERS });
  }

  if (intent === PUSH_KEYS_INTENT) {
    const before = await staffSite(api, id);
    if (!before.ok) return apiFailurePage(before, args);
    const result = await generateStaffPushKeys(api, { id, version });
    if (result.ok) {
      forgetSettings(before.data.site.host);
      return reply(
        {
          group: "push-keys",
          values: {},
          errors: {},
          pushKeys: result.data,
          replaced: before.data.site.settings.push_pub !== "",
        },
        200,
      );
    }
    if (result.error.error !== "settings_changed") return apiFailurePage(result, args);
    // A refusal is not followed by a fresh read of the page (4xx): carry the version now current.
    const now = await staffSite(api, id);
    return reply(
      {
        group: "push-keys",
        values: {},
        errors: {},
        formError: "staffPush.changedMeanwhile",
        ...(now.ok ? { version: now.data.site.version } : {}),
      },
      409,
    );
  }

  const group = groupById(formText(form, "group"));
  if (!group) throw redirect(page, { headers: STAFF_HEADERS });
  const current = await staffSite(api, id);
  if (!current.ok) return apiFailurePage(current, args);
  const applied = applyGroup(group, current.data.site, form);
  const answer = (errors: Record<string, string>, status: number, formError?: string) =>
    reply({ group: group.id, values: applied.values, errors, ...(formError ? { formError } : {}) }, status);
  if (Object.keys(applied.errors).length > 0) return answer(applied.errors, 400, "staffSites.fixFields");
  // Without JavaScript the look's preview is a post that saves nothing.
  if (formText(form, "preview") === "1") return answer({}, 200);

  const result = await saveStaffSite(api, { id, version, host: applied.host, settings: applied.settings });
  if (result.ok) {
    forgetSettings(current.data.site.host);
    forgetSettings(applied.host);
    throw redirect(`${page}?saved=${group.id}#${group.id}`, { headers: STAFF_HEADERS });
  }
  if (result.error.error === "settings_changed") {
    const now = await staffSite(api, id);
    return reply(
      {
        group: group.id,
        values: applied.values,
        errors: {},
        formError: "staffSites.changedMeanwhile",
        ...(now.ok ? { version: now.data.site.version } : {}),
      },
      409,
    );
  }
  if (result.error.error !== "invalid_input") return apiFailurePage(result, args);
  const errors: Record<string, string> = {};
  let elsewhere = false;
  for (const [path, code] of Object.entries(result.error.fields ?? {})) {
    const field = fieldOfPath(group, path, applied.values);
    if (field) errors[field] ??= code;
    else elsewhere = true;
  }
  return answer(errors, 422, elsewhere ? "staffSites.error.elsewhere" : "staffSites.fixFields");
}

export default function StaffSite({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { site, versions, saved, compare, confirmPush, push_private_key_held, now } = loaderData;
  if (actionData?.pushKeys) {
    return <SitePushKeysAnswer name={site.settings.name} keys={actionData.pushKeys} replaced={actionData.replaced === true} />;
  }
  const savedText = saved === "rollback" ? t("staffSites.rolledBack") : t("staffSites.saved");
  // A refused save answers on the page of the last good one (?saved=…): its "Saved." would
  // then stand beside the refusal, and a reader (or a test) would take it for this save's.
  const showSaved = saved !== null && actionData === undefined;
  return (
    <>
      <PageHeading heading={site.settings.name} saved={showSaved} savedText={savedText} />
      <p className="staff-muted site-lead">{t("staffSites.lead", { host: site.host, version: site.version })}</p>
      <div className="site-layout">
        <nav className="site-nav" aria-label={t("staffSites.groupsNav")}>
          <ul>
            {SITE_GROUPS.map((group) => (
              <li key={group.id}>
                <a href={`#${group.id}`}>{t(`staffSites.group.${group.id}` as MessageKey)}</a>
              </li>
            ))}
            <li>
              <a href="#history">{t("staffSites.historyHeading")}</a>
            </li>
          </ul>
        </nav>
        <div className="site-groups">
          {SITE_GROUPS.map((group) => {
            const values = groupValues(group, site);
            const groupReply = actionData?.group === group.id ? actionData : undefined;
            return (
              <section key={group.id} id={group.id} className="staff-panel site-group" aria-labelledby={`g-${group.id}`}>
                <h2 id={`g-${group.id}`}>{t(`staffSites.group.${group.id}` as MessageKey)}</h2>
                <p className="staff-muted">{t(`staffSites.groupHelp.${group.id}` as MessageKey)}</p>
                {/* A new version (saved here or elsewhere) draws the forms anew with what is stored. */}
                <SiteSettingsForm
                  key={`${group.id}:${site.version}`}
                  group={group}
                  values={values}
                  version={site.version}
                  reply={groupReply}
                  busy={busy}
                >
                  {group.id === "look" ? (
                    <SiteLookPreview name={site.settings.name} values={groupReply?.values ?? values} />
                  ) : null}
                </SiteSettingsForm>
                {group.id === "push" ? (
                  <SitePushKeysPanel
                    siteId={site.id}
                    host={site.host}
                    version={(actionData?.group === "push-keys" ? actionData.version : undefined) ?? site.version}
                    hasKey={site.settings.push_pub !== ""}
                    held={push_private_key_held}
                    confirming={confirmPush || actionData?.group === "push-keys"}
                    formError={actionData?.group === "push-keys" ? actionData.formError : undefined}
                    busy={busy}
                  />
                ) : null}
              </section>
            );
          })}
          <SiteHistory
            siteId={site.id}
            version={site.version}
            versions={versions}
            compare={compare}
            reply={actionData?.group === "history" ? actionData : undefined}
            busy={busy}
            now={now}
          />
        </div>
      </div>
    </>
  );
}
