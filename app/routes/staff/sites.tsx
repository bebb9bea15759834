import { data, Form, Link, redirect, useNavigation } from "react-router";
import { useSettingWords } from "~/components/staff/SiteSettingsForm";
import { FormAlert, PageHeading } from "~/components/staff/StaffBasics";
import { createStaffSite, staffSites } from "~/lib/api/site-admin.server";
import { apiContext } from "~/lib/context";
import { useDisplayNames } from "~/lib/display-names";
import { useTranslation } from "~/lib/i18n-react";
import { pageError } from "~/lib/page-errors.server";
import { formText, requireStaffPage, STAFF_HEADERS } from "~/lib/staff.server";
import sitesCss from "~/staff-sites.css?url";
import type { Route } from "./+types/sites";

/** The console's site pages have styles of their own, a file only they load. */
export function links() {
  return [{ rel: "stylesheet", href: sitesCss }];
}

/**
 * /staff/sites: the admin's sites (docs/product.md §16.1, ADR 047), each to its settings; a
 * platform admin makes a new brand here by copying a site with a new name, host and domain. It
 * answers at its host at once. Admins only.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context);
  if (staff.role !== "admin") throw redirect(staff.role === "host" ? "/staff/hosts" : "/staff", { headers: STAFF_HEADERS });
  const result = await staffSites(context.get(apiContext));
  if (!result.ok) pageError(result.status);
  return { ...result.data, created: new URL(request.url).searchParams.has("created") };
}

interface CreateReply {
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
}

const FIELDS = ["from", "name", "host", "domain", "countries"] as const;

export async function action({ context, request }: Route.ActionArgs) {
  await requireStaffPage(context);
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((name) => [name, formText(form, name).trim()]));
  const result = await createStaffSite(context.get(apiContext), {
    from: Number(values.from),
    name: values.name ?? "",
    host: values.host ?? "",
    domain: values.domain ?? "",
    // Empty: the copied site's countries.
    ...(values.countries
      ? {
          countries: (values.countries ?? "")
            .split(/[\s,]+/)
            .filter(Boolean)
            .map((c) => c.toUpperCase()),
        }
      : {}),
  });
  if (result.ok) throw redirect(`/staff/sites/${result.data.id}?saved=created`, { headers: STAFF_HEADERS });
  const fields = result.error.error === "invalid_input" ? (result.error.fields ?? {}) : {};
  // The API names the settings' paths ("settings.countries.0"): each belongs to the form's field.
  const errors = Object.fromEntries(
    Object.entries(fields).map(([path, code]) => [path.replace(/^settings\./, "").split(".")[0] ?? path, code]),
  );
  const formError =
    result.error.error === "invalid_input"
      ? "staffSites.fixFields"
      : result.error.error === "staff_role"
        ? "staffSites.onlyPlatform"
        : "staff.errors.generic";
  return data<CreateReply>({ values, errors, formError }, { status: result.status, headers: STAFF_HEADERS });
}

export default function StaffSites({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const names = useDisplayNames();
  const words = useSettingWords();
  const busy = useNavigation().state === "submitting";
  const { sites, can_create } = loaderData;
  const values = actionData?.values ?? {};
  const errors = actionData?.errors ?? {};
  const field = (name: "name" | "host" | "domain" | "countries", help?: string) => (
    <div className="site-field">
      <label htmlFor={`new-${name}`}>{words.label(name)}</label>
      <input
        id={`new-${name}`}
        name={name}
        defaultValue={values[name] ?? ""}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `new-${name}-error` : help ? `new-${name}-help` : undefined}
      />
      {help ? (
        <span id={`new-${name}-help`} className="staff-muted site-help">
          {help}
        </span>
      ) : null}
      {errors[name] ? (
        <span id={`new-${name}-error`} className="staff-error">
          {words.error(errors[name])}
        </span>
      ) : null}
    </div>
  );
  return (
    <>
      <PageHeading heading={t("staffSites.heading")} />
      <p className="staff-muted">{t("staffSites.listLead")}</p>
      {sites.length === 0 ? (
        <p className="staff-panel">{t("staffSites.empty")}</p>
      ) : (
        <ul className="site-list">
          {sites.map((site) => (
            <li key={site.id}>
              <Link to={`/staff/sites/${site.id}`} className="site-row">
                <span className="site-swatch" aria-hidden="true">
                  <svg viewBox="0 0 10 10" width="28" height="28" aria-hidden="true">
                    <circle cx="5" cy="5" r="5" fill={site.brand} />
                  </svg>
                </span>
                <span className="site-who">
                  <strong>{site.name}</strong>
                  <span className="staff-muted">
                    {[site.host, names.language(site.domain_language) ?? site.domain_language, site.countries.join(", ")]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                </span>
                <span className="staff-badge">{words.option("template", site.template)}</span>
                {site.is_default ? <span className="staff-badge">{t("staffSites.defaultSite")}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {can_create && sites.length > 0 ? (
        <section className="staff-panel site-group" aria-labelledby="new-site">
          <h2 id="new-site">{t("staffSites.newHeading")}</h2>
          <p className="staff-muted">{t("staffSites.newHelp")}</p>
          <Form method="post" className="staff-form site-form" noValidate>
            {actionData?.formError ? <FormAlert error={actionData.formError} /> : null}
            <div className="site-fields">
              <div className="site-field">
                <label htmlFor="new-from">{t("staffSites.copyFrom")}</label>
                <select id="new-from" name="from" defaultValue={values.from ?? String(sites[0]?.id)}>
                  {sites.map((site) => (
                    <option key={site.id} value={site.id}>
                      {site.name} ({site.host})
                    </option>
                  ))}
                </select>
              </div>
              {field("name")}
              {field("host", t("staffSites.help.host"))}
              {field("domain")}
              {field("countries", t("staffSites.newCountriesHelp"))}
            </div>
            <p className="site-actions">
              <button type="submit" disabled={busy}>
                {t("staffSites.create")}
              </button>
            </p>
          </Form>
        </section>
      ) : null}
    </>
  );
}
