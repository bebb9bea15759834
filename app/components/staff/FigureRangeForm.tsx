/**
 * The range form of the admins' reports (host figures, business figures, transparency report):
 * a plain GET form with the first and last UTC day, the site when the admin has several, any
 * fields of the page's own (`children`), and the range's error beside the fields (what was typed
 * is kept; the page shows its default range meanwhile). Each page's words are in its namespace.
 * The page gives it a key made of what was asked, so a new answer starts the form afresh.
 */
import type { ReactNode } from "react";
import { Form } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import type { RangeProblem } from "../../../contract/rules/host-figures";
import type { MessageKey } from "../../../contract/translator";

export interface RangeError {
  field: "from" | "to";
  problem: RangeProblem;
}

export function FigureRangeForm({
  ns,
  idPrefix,
  typed,
  shown,
  error,
  maxDays,
  sites,
  children,
}: {
  ns: "hostFigures" | "staffBusiness" | "staffTransparency";
  idPrefix: string;
  /** What the address asked for (kept as typed) and the range the page shows. */
  typed: { from: string; to: string; site?: string };
  shown: { from: string; to: string };
  error: RangeError | null;
  maxDays: number;
  /** The admin's sites and the one shown (null: all); no chooser for one site or none given. */
  sites?: { list: { id: number; name: string }[]; chosen: number | null };
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const key = (name: string) => `${ns}.${name}` as MessageKey;
  const errorId = `${idPrefix}-range-error`;
  const fieldProps = (field: "from" | "to") =>
    error?.field === field ? { "aria-invalid": true as const, "aria-describedby": errorId } : {};
  return (
    <Form method="get" className="staff-panel figures-range">
      <label>
        {t(key("from"))}
        <input type="date" name="from" defaultValue={typed.from || shown.from} {...fieldProps("from")} />
      </label>
      <label>
        {t(key("to"))}
        <input type="date" name="to" defaultValue={typed.to || shown.to} {...fieldProps("to")} />
      </label>
      {sites && sites.list.length > 1 ? (
        <label>
          {t(key("site"))}
          <select name="site" defaultValue={sites.chosen === null ? "" : String(sites.chosen)}>
            <option value="">{t(key("allSites"))}</option>
            {sites.list.map((site) => (
              <option key={site.id} value={site.id}>
                {site.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {children}
      <button type="submit" className="staff-button">
        {t(key("show"))}
      </button>
      {error ? (
        <p id={errorId} className="staff-error figures-range-note" role="alert">
          {t(key(`errors.${error.problem}`), { max: maxDays })}
        </p>
      ) : null}
      <p className="staff-help figures-range-note">{t(key("rangeHelp"), { max: maxDays })}</p>
    </Form>
  );
}
