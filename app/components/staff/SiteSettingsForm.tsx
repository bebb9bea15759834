/**
 * One group of a site's settings as a form (app/routes/staff/site.tsx; ADR 047): the fields of
 * lib/site-settings/groups.ts with their labels, help and errors, tables of rows with empty rows
 * to add to, and Save. It posts without JavaScript; what was typed comes back on any error.
 */
import { Form } from "react-router";
import { useDisplayNames } from "~/lib/display-names";
import { useTranslation } from "~/lib/i18n-react";
import { cellName, type FormValues, rowCountName } from "~/lib/site-settings/codec";
import { type FieldSpec, type GroupSpec, type RowsSpec, WORDS_ELSEWHERE } from "~/lib/site-settings/groups";
import type { MessageKey } from "../../../contract/translator";
import { FormAlert } from "./StaffBasics";

export interface GroupReply {
  group: string;
  values: FormValues;
  errors: Record<string, string>;
  /** A message key for the form as a whole. */
  formError?: string;
  /** After settings_changed: the version now current, to save over (the page is not read again after a refusal). */
  version?: number;
}

/** The message key of a field's words: `staffSites.field.theme_brand` (or under its feature's own key: WORDS_ELSEWHERE). */
const keyOf = (kind: "field" | "help", name: string) =>
  `${WORDS_ELSEWHERE[name.split(".")[0] ?? ""] ?? "staffSites"}.${kind}.${name.replaceAll(".", "_")}` as MessageKey;

export function useSettingWords() {
  const { t } = useTranslation();
  const optional = (key: MessageKey) => {
    const text = t(key);
    return text === key ? null : text;
  };
  return {
    label: (name: string) => t(keyOf("field", name)),
    help: (name: string) => optional(keyOf("help", name)),
    error: (code: string) => optional(`staffSites.error.${code}` as MessageKey) ?? t("staffSites.error.invalid"),
    option: (name: string, option: string) =>
      optional(`staffSites.option.${name.replaceAll(".", "_")}.${option}` as MessageKey) ?? option,
  };
}

function Control({
  field,
  name,
  value,
  invalid,
  describedBy,
  label,
}: {
  field: FieldSpec;
  name: string;
  value: string;
  invalid: boolean;
  describedBy: string | undefined;
  label?: string;
}) {
  const words = useSettingWords();
  const names = useDisplayNames();
  const common = {
    name,
    id: `f-${name}`,
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy,
    ...(label ? { "aria-label": label } : {}),
  };
  switch (field.kind) {
    case "bool":
      return <input type="checkbox" value="1" defaultChecked={value === "1"} {...common} />;
    case "select":
      return (
        <select defaultValue={value} {...common}>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {field.name === "domain_language"
                ? (names.language(option) ?? option)
                : field.labelled
                  ? words.option(field.name, option)
                  : option}
            </option>
          ))}
        </select>
      );
    case "colour":
      return (
        <input
          type="text"
          defaultValue={value}
          pattern="#[0-9a-fA-F]{6}"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          {...common}
        />
      );
    case "lines":
      return (
        <textarea
          rows={Math.min(12, Math.max(3, value.split("\n").length + 1))}
          defaultValue={value}
          spellCheck={false}
          {...common}
        />
      );
    case "int":
      return <input type="text" inputMode="numeric" defaultValue={value} autoComplete="off" {...common} />;
    case "email":
      return <input type="email" defaultValue={value} autoComplete="off" {...common} />;
    case "text":
      return field.long ? (
        <textarea rows={3} defaultValue={value} {...common} />
      ) : (
        <input type="text" defaultValue={value} autoComplete="off" spellCheck={false} {...common} />
      );
    default:
      return <input type="text" defaultValue={value} autoComplete="off" spellCheck={false} {...common} />;
  }
}

function Field({ field, values, errors }: { field: FieldSpec; values: FormValues; errors: Record<string, string> }) {
  const words = useSettingWords();
  const error = errors[field.name];
  const help = words.help(field.name);
  const ids = [help ? `h-${field.name}` : null, error ? `e-${field.name}` : null].filter(Boolean).join(" ") || undefined;
  const control = (
    <Control field={field} name={field.name} value={values[field.name] ?? ""} invalid={Boolean(error)} describedBy={ids} />
  );
  return (
    <div className={field.kind === "bool" ? "site-field site-check" : "site-field"}>
      {field.kind === "bool" ? (
        <label htmlFor={`f-${field.name}`}>
          {control}
          <span>{words.label(field.name)}</span>
        </label>
      ) : (
        <>
          <label htmlFor={`f-${field.name}`}>{words.label(field.name)}</label>
          {control}
        </>
      )}
      {help ? (
        <span id={`h-${field.name}`} className="staff-muted site-help">
          {help}
        </span>
      ) : null}
      {error ? (
        <span id={`e-${field.name}`} className="staff-error">
          {words.error(error)}
        </span>
      ) : null}
    </div>
  );
}

/** The macros a row's templates may use (one list: contract/rules/postback-macros.ts), under the table's help. */
function MacroHint({ id, macros }: { id: string; macros: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <p id={id} className="staff-muted site-help site-macros">
      {t("staffPostbacks.settingsMacros")}{" "}
      {macros.map((name, i) => (
        <span key={name}>
          {i > 0 ? " " : null}
          <code>{`{${name}}`}</code>
        </span>
      ))}
    </p>
  );
}

function Rows({ spec, values, errors }: { spec: RowsSpec; values: FormValues; errors: Record<string, string> }) {
  const words = useSettingWords();
  const count = Number(values[rowCountName(spec)]) || 0;
  const help = words.help(spec.name);
  return (
    <fieldset className="site-rows">
      <legend>{words.label(spec.name)}</legend>
      {help ? <p className="staff-muted site-help">{help}</p> : null}
      {spec.macros ? <MacroHint id={`m-${spec.name}`} macros={spec.macros} /> : null}
      <input type="hidden" name={rowCountName(spec)} value={count} />
      <div className="site-rows-scroll">
        <table className="staff-table">
          <thead>
            <tr>
              {spec.columns.map((column) => (
                <th key={column.name} scope="col">
                  {words.label(`${spec.name}.${column.name}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: count }, (_, row) => (
              <tr key={row}>
                {spec.columns.map((column) => {
                  const name = cellName(spec, row, column);
                  const error = errors[name];
                  return (
                    <td key={column.name} className={`site-cell-${column.kind}`}>
                      <Control
                        field={column}
                        name={name}
                        value={values[name] ?? ""}
                        invalid={Boolean(error)}
                        describedBy={
                          [
                            spec.macros && column.kind === "text" && column.name !== spec.key ? `m-${spec.name}` : null,
                            error ? `e-${name}` : null,
                          ]
                            .filter(Boolean)
                            .join(" ") || undefined
                        }
                        label={`${words.label(spec.name)}: ${words.label(`${spec.name}.${column.name}`)} ${row + 1}`}
                      />
                      {error ? (
                        <span id={`e-${name}`} className="staff-error">
                          {words.error(error)}
                        </span>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}

export function SiteSettingsForm({
  group,
  values,
  version,
  reply,
  busy,
  children,
}: {
  group: GroupSpec;
  values: FormValues;
  version: number;
  reply: GroupReply | undefined;
  busy: boolean;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const shown = reply?.group === group.id ? reply.values : values;
  const errors = reply?.group === group.id ? reply.errors : {};
  return (
    <Form method="post" className="staff-form site-form" aria-labelledby={`g-${group.id}`} noValidate>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="group" value={group.id} />
      <input type="hidden" name="version" value={(reply?.group === group.id ? reply.version : undefined) ?? version} />
      {reply?.group === group.id && reply.formError ? <FormAlert error={reply.formError} /> : null}
      <div className="site-fields">
        {group.fields.map((field) => (
          <Field key={field.name} field={field} values={shown} errors={errors} />
        ))}
      </div>
      {(group.rows ?? []).map((spec) => (
        <Rows key={spec.name} spec={spec} values={shown} errors={errors} />
      ))}
      {/* Save first: Enter in a field submits with the form's first button. */}
      <p className="site-actions">
        <button type="submit" disabled={busy}>
          {t("staffSites.save", { group: t(`staffSites.group.${group.id}` as MessageKey) })}
        </button>
      </p>
      {children}
    </Form>
  );
}
