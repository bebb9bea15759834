/**
 * CSV for spreadsheets (RFC 4180, UTF-8 with a byte order mark so Excel reads it as UTF-8). Text
 * beginning with = + - @, a tab or a carriage return gets a leading apostrophe, so a spreadsheet
 * shows it as text instead of running it as a formula (OWASP "CSV injection"): names come from
 * people (staff names, site names). Numbers are written as they are.
 */

export type CsvValue = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== value ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows (the first: the header) as a CSV document. */
export function csvDocument(rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
