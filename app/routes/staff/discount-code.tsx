import { data, Form, Link, redirect, useNavigation } from "react-router";
import { DiscountCodeForm } from "~/components/staff/DiscountCodeForm";
import { CodeGives, CodeTime, Revenue, StateBadge, Uses, useUtc } from "~/components/staff/DiscountCodeParts";
import { FormAlert, PageHeading } from "~/components/staff/StaffParts";
import { discountCode, discountCodes, saveDiscountCode, setDiscountCodeState } from "~/lib/api/discount-codes.server";
import { apiContext } from "~/lib/context";
import { DiscountCodeFormSchema, packageList, utcMillis } from "~/lib/forms/discount-codes";
import { parseForm } from "~/lib/forms/parse.server";
import type { FormReply } from "~/lib/forms/reply";
import { formErrors } from "~/lib/forms/reply.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiFailurePage } from "~/lib/page-errors.server";
import { staffApiMessage } from "~/lib/staff-forms.server";
import { readStaffPost, requireStaffPage, STAFF_HEADERS } from "~/lib/staff.server";
import { DISCOUNT_CODE_ACTIONS, type DiscountCodeAction } from "../../../contract/rules/discount-codes";
import { formatMoney } from "../../../contract/money";
import type { MessageKey } from "../../../contract/translator";
import commerceCss from "~/staff-commerce.css?url";
import type { Route } from "./+types/discount-code";

/** Orders and codes have styles of their own, a file only their pages load. */
export function links() {
  return [{ rel: "stylesheet", href: commerceCss }];
}

/**
 * /staff/codes/new and /staff/codes/:id: a general discount code, made or changed by an admin
 * (docs/product.md §16.4, ADR 049): its details, pause, resume or end it now, and the orders
 * that used it with the revenue they brought. Outside the admin's sites: 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaffPage(args.context);
  if (staff.role !== "admin") throw redirect(staff.role === "host" ? "/staff/hosts" : "/staff", { headers: STAFF_HEADERS });
  const api = args.context.get(apiContext);
  const saved = new URL(args.request.url).searchParams.has("saved");
  if (args.params.codeId === "new") {
    const list = await discountCodes(api);
    if (!list.ok) return apiFailurePage(list, args);
    return { code: null, uses: [], sites: list.data.sites, saved, now: Date.now() };
  }
  const id = Number(args.params.codeId);
  const result = await discountCode(api, Number.isSafeInteger(id) && id > 0 ? id : 0);
  if (!result.ok) return apiFailurePage(result, args);
  return { ...result.data, saved, now: Date.now() };
}

const reply = (section: string, body: Omit<FormReply, "section">, status: number) =>
  data<FormReply>({ ...body, section }, { status, headers: STAFF_HEADERS });

/** The API's field codes as the form's messages (staffCodes.errors.<code>). */
const FIELD_MESSAGES: Record<string, Record<string, string>> = {
  code: {
    code_taken: "code_taken",
    code_reserved: "code_reserved",
    code_characters: "code_characters",
    code_too_short: "code_too_short",
    too_small: "code_required",
    too_big: "code_too_long",
  },
  percent: {},
  bonus_credits: { percent_or_bonus: "percent_or_bonus" },
  package_ids: { unknown_package: "unknown_package" },
  valid_until: { end_before_start: "end_before_start" },
  site: { not_allowed: "site", invalid: "site" },
};
const FALLBACK: Record<string, string> = {
  code: "code_characters",
  percent: "percent",
  bonus_credits: "bonus_credits",
  package_ids: "unknown_package",
  min_credits: "min_credits",
  valid_from: "start",
  valid_until: "end",
  max_uses: "max_uses",
  site: "site",
};

function apiFieldErrors(fields: Record<string, string>) {
  const errors: Record<string, string[]> = {};
  for (const [path, code] of Object.entries(fields)) {
    const field = path.split(".")[0] ?? path;
    const message = FIELD_MESSAGES[field]?.[code] ?? FALLBACK[field] ?? "invalid";
    errors[field] = [`staffCodes.errors.${message}`];
  }
  return errors;
}

export async function action(args: Route.ActionArgs) {
  const { form, api } = await readStaffPost(args);
  const isNew = args.params.codeId === "new";
  const id = isNew ? null : Number(args.params.codeId);
  if (id !== null && (!Number.isSafeInteger(id) || id <= 0)) throw redirect("/staff/codes", { headers: STAFF_HEADERS });
  const page = (code: number) => `/staff/codes/${code}?saved`;
  const intent = form.get("intent");

  if (id !== null && typeof intent === "string" && (DISCOUNT_CODE_ACTIONS as readonly string[]).includes(intent)) {
    const result = await setDiscountCodeState(api, { id, action: intent as DiscountCodeAction });
    if (!result.ok) return reply("state", { result: formErrors(staffApiMessage(result.error.error)) }, result.status);
    throw redirect(page(id), { headers: STAFF_HEADERS });
  }

  const submission = parseForm(form, DiscountCodeFormSchema);
  if (submission.status !== "success") return reply("details", { result: submission.reply() }, 400);
  const value = submission.value;
  const result = await saveDiscountCode(api, {
    ...(id === null ? {} : { id }),
    site: Number(value.site),
    code: value.code,
    percent: value.kind === "percent" ? Number(value.percent) : null,
    bonus_credits: value.kind === "bonus" ? Number(value.bonus_credits) : null,
    package_ids: packageList(value.package_ids),
    min_credits: value.min_credits === "" ? 0 : Number(value.min_credits),
    valid_from: utcMillis(value.valid_from),
    valid_until: value.valid_until === "" ? null : utcMillis(value.valid_until),
    max_uses: value.max_uses === "" ? null : Number(value.max_uses),
  });
  if (!result.ok) {
    const fields = result.error.fields ?? {};
    const fieldErrors = apiFieldErrors(fields);
    return reply(
      "details",
      {
        result: submission.reply(
          Object.keys(fieldErrors).length > 0 ? { fieldErrors } : { formErrors: [staffApiMessage(result.error.error)] },
        ),
      },
      result.status,
    );
  }
  throw redirect(page(result.data.id), { headers: STAFF_HEADERS });
}

export default function DiscountCode({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const utc = useUtc();
  const busy = useNavigation().state === "submitting";
  const { code, uses, sites, saved, now } = loaderData;
  const heading = code ? code.code : t("staffCodes.newHeading");
  // A code that is (or was) a bonus code: its orders' bonus in a column of its own.
  const hasBonus = code?.kind === "bonus" || uses.some((use) => use.bonus_credits > 0);
  const actions: DiscountCodeAction[] = !code ? [] : code.state === "expired" ? [] : [code.paused ? "resume" : "pause", "expire"];
  return (
    <>
      <PageHeading heading={heading} saved={saved} savedText={t("staffCodes.saved")} />
      <p>
        <Link to="/staff/codes">{t("staffCodes.back")}</Link>
      </p>
      <div className="staff-grid">
        <div>
          <DiscountCodeForm
            code={code}
            sites={sites}
            reply={actionData?.section === "details" ? actionData : undefined}
            busy={busy}
            now={now}
          />
        </div>
        {code ? (
          <div>
            <section className="staff-panel" aria-labelledby="code-state">
              <h2 id="code-state">{t("staffCodes.stateHeading")}</h2>
              <p>
                <StateBadge state={code.state} /> <CodeGives code={code} /> · {code.site_name}
              </p>
              <p>
                <CodeTime code={code} />
              </p>
              <p>
                {t("staffCodes.colUses")}: <Uses code={code} />
              </p>
              <p>
                {t("staffCodes.revenue")}: <Revenue revenue={code.revenue} />
              </p>
              {actionData?.section === "state" ? <FormAlert error={actionData.result.error?.[""]?.[0]} /> : null}
              {actions.length > 0 ? (
                <Form method="post" className="codes-actions">
                  {actions.map((a) => (
                    <button key={a} type="submit" name="intent" value={a} className="staff-button secondary" disabled={busy}>
                      {t(`staffCodes.actions.${a}` as MessageKey)}
                    </button>
                  ))}
                </Form>
              ) : null}
              <p className="staff-help">{t("staffCodes.stateHelp")}</p>
            </section>
          </div>
        ) : null}
      </div>
      {code ? (
        <section className="staff-panel" aria-labelledby="code-uses">
          <h2 id="code-uses">{t("staffCodes.usesHeading")}</h2>
          {uses.length === 0 ? (
            <p className="staff-muted">{t("staffCodes.noUses")}</p>
          ) : (
            <div className="staff-scroll">
              <table className="staff-table staff-cards">
                <thead>
                  <tr>
                    <th scope="col">{t("staffCodes.colOrder")}</th>
                    <th scope="col">{t("staffCodes.colOrderState")}</th>
                    <th scope="col">{t("staffCodes.colMember")}</th>
                    <th scope="col">{t("staffCodes.colAmount")}</th>
                    {/* The bonus each order got: fixed when it was made, so a later edit shows here (ADR 054). */}
                    {hasBonus ? <th scope="col">{t("staffCodes.colBonus")}</th> : null}
                    <th scope="col">{t("staffCodes.colOrdered")}</th>
                  </tr>
                </thead>
                <tbody>
                  {uses.map((use) => (
                    <tr key={use.order_id}>
                      <td className="staff-card-what">
                        <Link to={`/staff/orders/${use.order_id}`}>
                          <code>{use.order_id}</code>
                        </Link>
                      </td>
                      <td className="staff-card-age">{t(`staffCodes.orderStates.${orderState(use.status)}` as MessageKey)}</td>
                      <td data-label={t("staffCodes.colMember")}>
                        <Link to={`/staff/members/${use.member_id}`}>#{use.member_id}</Link>
                      </td>
                      <td data-label={t("staffCodes.colAmount")}>{formatMoney(locale, use.amount_cents, use.currency)}</td>
                      {hasBonus ? (
                        <td data-label={t("staffCodes.colBonus")}>
                          {use.bonus_credits > 0 ? t("staffCodes.bonusCredits", { count: use.bonus_credits }) : "–"}
                        </td>
                      ) : null}
                      <td data-label={t("staffCodes.colOrdered")}>{utc(use.paid_at ?? use.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}
    </>
  );
}

/** An order's stored status as the states the console names. */
function orderState(status: string): "paid" | "open" | "refunded" | "failed" {
  if (status === "paid") return "paid";
  if (status === "refunded" || status === "withdrawn" || status === "charged_back") return "refunded";
  if (status === "created" || status === "open" || status === "pending" || status === "review") return "open";
  return "failed";
}
