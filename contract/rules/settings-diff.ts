/**
 * The readable difference between two versions of a site's settings (issue 28; ADR 047): each
 * leaf that differs, by its path ("theme.brand", "commerce.credit_packages.1.prices.EUR"), with
 * both values as short text. The audit log and the console's rollback preview show it.
 */
import type { SettingChange } from "../site-admin";

/** A value longer than this is cut, so one long template cannot flood the audit log. */
const VALUE_MAX = 200;

export function settingsChanges(before: unknown, after: unknown, path = ""): SettingChange[] {
  if (isContainer(before) && isContainer(after) && Array.isArray(before) === Array.isArray(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    if (!Array.isArray(before)) keys.sort();
    return keys.flatMap((key) =>
      settingsChanges(
        (before as Record<string, unknown>)[key],
        (after as Record<string, unknown>)[key],
        path ? `${path}.${key}` : key,
      ),
    );
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ path: path || "_", before: shown(before), after: shown(after) }];
}

function isContainer(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

function shown(value: unknown): string | null {
  if (value === undefined) return null;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text;
}
