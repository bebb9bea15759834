/**
 * The discount code form (app/routes/staff/discount-code.tsx; ADR 049, 054): a new general code
 * or changes to one, a percentage off or a credits bonus; what was typed stays on any error, each error beside its field.
 */
import { Form } from "react-router";
import { errorProps, FieldError, FormAlert } from "~/components/staff/StaffParts";
import { DiscountCodeFormSchema, utcInput } from "~/lib/forms/discount-codes";
import type { FormReply } from "~/lib/forms/reply";
import { useForm } from "~/lib/forms/use-form";
import { useTranslation } from "~/lib/i18n-react";
import type { CodeSite, StaffDiscountCode } from "../../../contract/discount-codes";
import { BONUS_MAX, BONUS_MIN, CODE_MAX, PERCENT_MAX, PERCENT_MIN } from "../../../contract/rules/discount-codes";

export function DiscountCodeForm({
  code,
  sites,
  reply,
  busy,
  now,
}: {
  code: StaffDiscountCode | null;
  sites: CodeSite[];
  reply: FormReply | undefined;
  busy: boolean;
  now: number;
}) {
  const { t } = useTranslation();
  const defaultValue: Record<string, unknown> = code
    ? {
        site: String(code.site_id),
        code: code.code,
        kind: code.kind,
        percent: code.percent === null ? "" : String(code.percent),
        bonus_credits: code.bonus_credits === null ? "" : String(code.bonus_credits),
        package_ids: code.package_ids ?? [],
        min_credits: code.min_credits > 0 ? String(code.min_credits) : "",
        valid_from: utcInput(code.valid_from),
        valid_until: utcInput(code.valid_until),
        max_uses: code.max_uses === null ? "" : String(code.max_uses),
      }
    : { site: sites.length === 1 ? String(sites[0]?.id) : "", kind: "percent", valid_from: utcInput(now - (now % 60_000)) };
  const form = useForm({ schema: DiscountCodeFormSchema, lastResult: reply?.result, defaultValue, lists: ["package_ids"] });
  const input = (name: string, label: string, props: Record<string, unknown> = {}, help?: string) => {
    const f = form.field(name);
    const helpId = help ? `${f.id}-help` : undefined;
    const described = [f.errors ? f.errorId : null, helpId].filter(Boolean).join(" ") || undefined;
    // The help and the error follow the label, outside it, so the field's name is the label alone.
    return (
      <div className="codes-field">
        <label htmlFor={f.id}>{label}</label>
        <input
          id={f.id}
          name={f.name}
          defaultValue={f.initialValue ?? ""}
          {...props}
          {...errorProps(f)}
          aria-describedby={described}
        />
        {help ? (
          <span id={helpId} className="staff-help">
            {help}
          </span>
        ) : null}
        <FieldError id={f.errorId} error={f.errors?.[0]} />
      </div>
    );
  };
  const site = form.field("site");
  const kind = form.field("kind");
  const packages = form.field("package_ids");
  const chosenSite = sites.find((s) => String(s.id) === (site.initialValue ?? "")) ?? (sites.length === 1 ? sites[0] : undefined);
  // A code's packages are its own site's; for a new code on several sites, every site's are listed by site.
  const packageSites = code || chosenSite ? [chosenSite].filter((s) => s !== undefined) : sites;
  return (
    <section className="staff-panel" aria-labelledby="code-details">
      <h2 id="code-details">{t("staffCodes.details")}</h2>
      <Form method="post" className="staff-form" {...form.props}>
        <input type="hidden" name="intent" value="save" />
        <FormAlert error={form.formErrors?.[0]} />
        {code ? (
          <input type="hidden" name="site" value={String(code.site_id)} />
        ) : (
          <label>
            {t("staffCodes.site")}
            <select name={site.name} required defaultValue={site.initialValue ?? ""} {...errorProps(site)}>
              <option value="">{t("staffCodes.chooseSite")}</option>
              {sites.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.name}
                </option>
              ))}
            </select>
            <FieldError id={site.errorId} error={site.errors?.[0]} />
          </label>
        )}
        {input(
          "code",
          t("staffCodes.code"),
          { required: true, maxLength: CODE_MAX, autoComplete: "off", autoCapitalize: "characters", spellCheck: false },
          t("staffCodes.codeHelp"),
        )}
        <fieldset className="codes-kind" aria-describedby={kind.errors ? kind.errorId : "codes-kind-help"}>
          <legend>{t("staffCodes.kind")}</legend>
          <span id="codes-kind-help" className="staff-help">
            {t("staffCodes.kindHelp")}
          </span>
          {(["percent", "bonus"] as const).map((value) => (
            <label key={value} className="staff-check">
              <input type="radio" name={kind.name} value={value} defaultChecked={(kind.initialValue ?? "percent") === value} />
              <span>{t(value === "percent" ? "staffCodes.kindPercent" : "staffCodes.kindBonus")}</span>
            </label>
          ))}
          <FieldError id={kind.errorId} error={kind.errors?.[0]} />
        </fieldset>
        {input("percent", t("staffCodes.percent"), {
          type: "number",
          min: PERCENT_MIN,
          max: PERCENT_MAX,
          step: 1,
          inputMode: "numeric",
        })}
        {input(
          "bonus_credits",
          t("staffCodes.bonus"),
          { type: "number", min: BONUS_MIN, max: BONUS_MAX, step: 1, inputMode: "numeric" },
          t("staffCodes.bonusHelp"),
        )}
        <fieldset className="codes-packages" aria-describedby={packages.errors ? packages.errorId : "codes-packages-help"}>
          <legend>{t("staffCodes.packages")}</legend>
          <span id="codes-packages-help" className="staff-help">
            {t("staffCodes.packagesHelp")}
          </span>
          {packageSites.map((s) => (
            <div key={s.id}>
              {packageSites.length > 1 ? <strong>{s.name}</strong> : null}
              {s.packages.map((p) => (
                <label key={`${s.id}-${p.id}`} className="staff-check">
                  <input type="checkbox" name="package_ids" value={p.id} defaultChecked={packages.initialValues.includes(p.id)} />
                  <span>{t("staffCodes.package", { credits: p.credits, id: p.id })}</span>
                </label>
              ))}
            </div>
          ))}
          <FieldError id={packages.errorId} error={packages.errors?.[0]} />
        </fieldset>
        {input(
          "min_credits",
          t("staffCodes.minCredits"),
          { type: "number", min: 0, step: 1, inputMode: "numeric" },
          t("staffCodes.minCreditsHelp"),
        )}
        {input("valid_from", t("staffCodes.start"), { type: "datetime-local", required: true })}
        {input("valid_until", t("staffCodes.end"), { type: "datetime-local" }, t("staffCodes.endHelp"))}
        {input(
          "max_uses",
          t("staffCodes.maxUses"),
          { type: "number", min: 1, step: 1, inputMode: "numeric" },
          t("staffCodes.maxUsesHelp"),
        )}
        <p className="staff-muted">{t("staffCodes.perMember")}</p>
        <button type="submit" disabled={busy}>
          {code ? t("staffCodes.save") : t("staffCodes.create")}
        </button>
      </Form>
    </section>
  );
}
