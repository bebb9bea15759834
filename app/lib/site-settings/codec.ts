/**
 * A site's settings as the console's form text and back (issue 28; ADR 047): what each field of a
 * group shows (groupValues), the settings with a posted group's fields put in (applyGroup, with
 * the fields whose text could not be read), and which field an API error's path belongs to
 * (fieldOfPath). The schema check itself is the API's (StoredSettingsSchema), not repeated here.
 */
import { BLANK_ROWS, type FieldSpec, type GroupSpec, type LinesCodec, type RowsSpec } from "./groups";

export type FormValues = Record<string, string>;
type Json = Record<string, unknown>;

export interface SiteText {
  host: string;
  settings: unknown;
}

function getPath(root: unknown, path: string): unknown {
  let value = root;
  for (const part of path.split(".")) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Json)[part];
  }
  return value;
}

function setPath(root: Json, path: string, value: unknown) {
  const parts = path.split(".");
  let node = root;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next !== "object" || next === null || Array.isArray(next)) node[part] = {};
    node = node[part] as Json;
  }
  const last = parts.at(-1) ?? "";
  if (value === undefined) delete node[last];
  else node[last] = value;
}

const minorToText = (minor: number) => (minor / 100).toFixed(2);

function formatLines(codec: LinesCodec, value: unknown): string {
  if (typeof value !== "object" || value === null) return "";
  if (codec === "tradenames" && Array.isArray(value)) return value.map((t: Json) => `${t.id} ${t.name}`).join("\n");
  if (codec === "vat_rates")
    return Object.entries(value as Json)
      .map(([country, rate]) => `${country} ${rate}`)
      .join("\n");
  if (codec === "message_costs") {
    return Object.entries(value as Record<string, Json>)
      .map(([country, cost]) => `${country} ${cost.costs} ${cost.currency}`)
      .join("\n");
  }
  return "";
}

function formatField(field: FieldSpec, value: unknown): string {
  if (value === undefined || value === null) return "";
  switch (field.kind) {
    case "bool":
      return value === true ? "1" : "";
    case "list":
      return Array.isArray(value) ? value.join(", ") : "";
    case "lines":
      return formatLines(field.codec, value);
    case "prices":
      return Object.entries(value as Record<string, number>)
        .map(([currency, minor]) => `${currency} ${minorToText(minor)}`)
        .join(", ");
    default:
      return String(value);
  }
}

/** The rows of a table: an array as it is, a record as its entries with the key as a column. */
function rowsOf(spec: RowsSpec, settings: unknown): Json[] {
  const value = getPath(settings, spec.name);
  if (Array.isArray(value)) return value as Json[];
  const key = spec.key;
  if (key && typeof value === "object" && value !== null) {
    return Object.entries(value as Record<string, Json>).map(([name, row]) => ({ ...row, [key]: name }));
  }
  return [];
}

export const rowCountName = (spec: RowsSpec) => `${spec.name}.rows`;
export const cellName = (spec: RowsSpec, row: number, column: FieldSpec) => `${spec.name}.${row}.${column.name}`;

/** What each field of the group shows for these settings (tables with BLANK_ROWS empty rows to add to). */
export function groupValues(group: GroupSpec, site: SiteText): FormValues {
  const values: FormValues = {};
  for (const field of group.fields) {
    values[field.name] = field.name === "host" ? site.host : formatField(field, getPath(site.settings, field.name));
  }
  for (const spec of group.rows ?? []) {
    const rows = rowsOf(spec, site.settings);
    rows.forEach((row, i) => {
      for (const column of spec.columns) values[cellName(spec, i, column)] = formatField(column, row[column.name]);
    });
    values[rowCountName(spec)] = String(rows.length + BLANK_ROWS);
  }
  return values;
}

type Read = { ok: true; value: unknown } | { ok: false; code: string };

const LINE_FORMATS: Record<LinesCodec, { pattern: RegExp; entry: (m: RegExpMatchArray) => [string, unknown] }> = {
  vat_rates: {
    pattern: /^([A-Za-z]{2})\s*[:=]?\s*(\d{1,2}(?:[.,]\d{1,2})?)\s*%?$/,
    entry: (m) => [(m[1] ?? "").toUpperCase(), Number((m[2] ?? "").replace(",", "."))],
  },
  message_costs: {
    pattern: /^([A-Za-z]{2})\s+(\d{1,6})\s+([A-Za-z]{3})$/,
    entry: (m) => [(m[1] ?? "").toUpperCase(), { costs: Number(m[2]), currency: (m[3] ?? "").toUpperCase() }],
  },
  tradenames: { pattern: /^(\d{1,9})\s+(.+)$/, entry: (m) => [m[1] ?? "", (m[2] ?? "").trim()] },
};

function readLines(codec: LinesCodec, text: string): Read {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const { pattern, entry } = LINE_FORMATS[codec];
  const entries: [string, unknown][] = [];
  for (const line of lines) {
    const match = line.match(pattern);
    if (!match) return { ok: false, code: `line_format_${codec}` };
    entries.push(entry(match));
  }
  if (codec === "tradenames") return { ok: true, value: entries.map(([id, name]) => ({ id: Number(id), name })) };
  return { ok: true, value: Object.fromEntries(entries) };
}

function readPrices(text: string): Read {
  const prices: Record<string, number> = {};
  // Parts are separated before a currency code, so "EUR 9,95, GBP 8,95" keeps its decimal commas.
  for (const part of text
    .split(/[,;\n]\s*(?=[A-Za-z]{3})/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = part.match(/^([A-Za-z]{3})\s*(\d{1,7}(?:[.,]\d{1,2})?)$/);
    if (!match) return { ok: false, code: "price_format" };
    prices[(match[1] ?? "").toUpperCase()] = Math.round(Number((match[2] ?? "").replace(",", ".")) * 100);
  }
  return { ok: true, value: prices };
}

/** One field's text as its setting's value. */
export function readField(field: FieldSpec, raw: string): Read {
  const text = field.kind === "lines" ? raw : raw.trim();
  if (field.kind === "bool") return { ok: true, value: text === "1" || text === "on" };
  if (text === "" && field.optional) return { ok: true, value: undefined };
  switch (field.kind) {
    case "int":
      if (text === "") return { ok: false, code: "required" };
      return /^-?\d{1,15}$/.test(text) ? { ok: true, value: Number(text) } : { ok: false, code: "whole_number" };
    case "select":
      return field.options.includes(text)
        ? { ok: true, value: /^\d+$/.test(text) ? Number(text) : text }
        : { ok: false, code: "invalid_value" };
    case "colour":
      return { ok: true, value: text.toLowerCase() };
    case "list":
      return {
        ok: true,
        value: text
          .split(/[,\n]/)
          .map((word) => word.trim())
          .filter(Boolean)
          .map((word) => (field.upper ? word.toUpperCase() : word)),
      };
    case "lines":
      return readLines(field.codec, text);
    case "prices":
      return readPrices(text);
    default:
      return { ok: true, value: text };
  }
}

const formText = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export interface Applied {
  host: string;
  settings: Json;
  /** What the form held, to show again. */
  values: FormValues;
  /** Fields whose text could not be read, by field name: an error code. */
  errors: Record<string, string>;
}

/** The current settings with the posted group's fields put in. Nothing outside the group changes. */
export function applyGroup(group: GroupSpec, current: SiteText, form: FormData): Applied {
  const settings = structuredClone(current.settings) as Json;
  let host = current.host;
  const values: FormValues = {};
  const errors: Record<string, string> = {};
  for (const field of group.fields) {
    const raw = formText(form, field.name);
    values[field.name] = raw;
    const read = readField(field, raw);
    if (!read.ok) errors[field.name] = read.code;
    else if (field.name === "host") host = String(read.value);
    else setPath(settings, field.name, read.value);
  }
  for (const spec of group.rows ?? []) {
    const count = Math.min(Number(formText(form, rowCountName(spec))) || 0, 200);
    values[rowCountName(spec)] = String(count);
    const rows: Json[] = [];
    for (let i = 0; i < count; i++) {
      const texts = spec.columns.map((column) => formText(form, cellName(spec, i, column)));
      spec.columns.forEach((column, c) => {
        values[cellName(spec, i, column)] = texts[c] ?? "";
      });
      // A row left empty (or emptied) is no row: that is how one is removed.
      if (spec.columns.every((column, c) => column.kind === "bool" || (texts[c] ?? "").trim() === "")) continue;
      const row: Json = {};
      spec.columns.forEach((column, c) => {
        const read = readField(column, texts[c] ?? "");
        if (!read.ok) errors[cellName(spec, i, column)] = read.code;
        else if (read.value !== undefined) row[column.name] = read.value;
      });
      rows.push(row);
    }
    if (spec.key) {
      const key = spec.key;
      setPath(settings, spec.name, Object.fromEntries(rows.map(({ [key]: name, ...rest }) => [String(name ?? ""), rest])));
    } else setPath(settings, spec.name, rows);
  }
  for (const { object, field } of group.dropWhenEmpty ?? []) {
    if (isEmpty(getPath(settings, field))) setPath(settings, object, undefined);
  }
  return { host, settings, values, errors };
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === "") return true;
  return typeof value === "object" && value !== null && Object.keys(value).length === 0;
}

/**
 * The field of the group an API error's path belongs to ("settings.theme.brand" → "theme.brand",
 * "settings.commerce.credit_packages.1.prices.EUR" → "commerce.credit_packages.1.prices",
 * "settings.postbacks.networks.acme.sale" → the row whose network is "acme"), or undefined when it
 * is not one of this group's.
 */
export function fieldOfPath(group: GroupSpec, path: string, values: FormValues): string | undefined {
  const setting = path === "host" ? "host" : path.replace(/^settings\./, "");
  const within = (name: string) => setting === name || setting.startsWith(`${name}.`);
  const direct = group.fields
    .map((field) => field.name)
    .filter(within)
    .sort((a, b) => b.length - a.length)[0];
  if (direct) return direct;
  for (const spec of group.rows ?? []) {
    if (!within(spec.name)) continue;
    const [row = "", column = ""] = setting.slice(spec.name.length + 1).split(".");
    const count = Number(values[rowCountName(spec)]) || 0;
    const index = spec.key
      ? Array.from({ length: count }, (_, i) => i).find((i) => values[`${spec.name}.${i}.${spec.key}`]?.trim() === row)
      : Number(row);
    const columnSpec = spec.columns.find((c) => c.name === column) ?? spec.columns[0];
    if (columnSpec && index !== undefined && Number.isInteger(index)) return cellName(spec, index, columnSpec);
  }
  return undefined;
}
