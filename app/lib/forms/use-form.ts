/**
 * Forms in the browser: the same Valibot schema the action parses (with Conform, on the server)
 * checks the form as it is filled in. Conform's own browser half weighs about 9 KB gzip, which
 * the pages' 130 KB budget cannot carry next to React and React Router (see
 * docs/decisions/009-forms-in-the-browser.md); this hook does the part we use in about 1 KB:
 *
 * - a field is checked when it loses focus, and again on every change once it shows an error;
 * - submitting checks everything and stops the post while any error shows;
 * - the server's answer (Conform's SubmissionResult: what was sent, and errors by field) fills
 *   the fields and the errors, so nothing typed is lost;
 * - constraint attributes (required, maxLength…) from the loader keep the browser's own checks
 *   for visitors without JavaScript; the form turns them off once this script runs.
 *
 * Field names are Conform's: "email", "personal.about_me", "interests" (repeated).
 */
import { useEffect, useId, useRef, useState, type FormEvent, type FocusEvent } from "react";
import * as v from "valibot";

/** What the action answers (Conform's SubmissionResult, the fields we read). */
export interface FormResult {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
}

export interface FieldConstraint {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** In the server's HTML only: the first field in error (see serverConstraint). */
  autoFocus?: boolean;
}

type Errors = Record<string, string[]>;

/**
 * FormData as the nested object the schemas expect: dotted names nest, repeated names list,
 * `lists` are lists even with one value (checkboxes), "" is absent.
 */
export function formValues(formData: FormData, lists: readonly string[] = []): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, raw] of formData.entries()) {
    if (typeof raw !== "string" || raw === "") continue;
    const path = name.split(".");
    let node = values;
    const key = path.pop() ?? name;
    for (const part of path) {
      const next = node[part];
      if (typeof next === "object" && next !== null && !Array.isArray(next)) {
        node = next as Record<string, unknown>;
      } else {
        const created: Record<string, unknown> = {};
        node[part] = created;
        node = created;
      }
    }
    const existing = node[key];
    if (Array.isArray(existing)) existing.push(raw);
    else if (existing !== undefined) node[key] = [existing, raw];
    else node[key] = lists.includes(name) ? [raw] : raw;
  }
  return values;
}

/**
 * The schema's messages by field: one per field, the first that applies (docs/product.md §5),
 * as the actions answer (parse.server.ts); the form's own messages ("") all.
 */
export function issuesByField(schema: v.GenericSchema, values: Record<string, unknown>): Errors {
  const result = v.safeParse(schema, values);
  const found: Errors = {};
  if (!result.success) {
    for (const issue of result.issues) {
      const field = v.getDotPath(issue) ?? "";
      if (field === "" || !found[field]) found[field] = [...(found[field] ?? []), issue.message];
    }
  }
  return found;
}

/** Fields whose change React reports as onChange only (text fields report onInput as well). */
const CHOICE_TYPES = new Set(["checkbox", "radio", "select-one", "select-multiple", "file"]);

function fieldErrorShown(errors: Errors): boolean {
  return Object.keys(errors).some((name) => name !== "");
}

function serverErrors(result: FormResult | undefined): Errors {
  const errors: Errors = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) if (messages?.length) errors[name] = messages;
  return errors;
}

/**
 * Moves focus to the first field, in the form's order, that shows an error (issue 29 point 22):
 * after a refused submit, and after the server's answer.
 */
function focusFirst(form: HTMLElement | null, names: string[]) {
  form?.querySelector<HTMLElement>(names.map((name) => `[name="${name}"]`).join())?.focus();
}

/**
 * A field's constraints as the server renders them: the first field with an error of the
 * server's answer gets `autofocus`, so without JavaScript the answer page puts the cursor there
 * (issue 29 point 22). Only the server's build has this (import.meta.env.SSR): the browser's
 * script moves focus itself (focusFirst) and carries no byte of it.
 */
function serverConstraint(constraint: FieldConstraint | undefined, name: string, errors: Errors): FieldConstraint {
  return Object.keys(errors).find(Boolean) === name ? { ...constraint, autoFocus: true } : (constraint ?? {});
}

function valueAt(values: Record<string, unknown> | null | undefined, name: string): unknown {
  let node: unknown = values;
  for (const part of name.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = Reflect.get(node, part);
  }
  return node;
}

export function useForm<S extends v.GenericSchema>({
  schema,
  lastResult,
  defaultValue,
  constraint,
  lists = [],
}: {
  schema: S;
  lastResult?: FormResult | undefined;
  defaultValue?: Record<string, unknown>;
  constraint?: Record<string, FieldConstraint> | undefined;
  /** Fields that are lists even with one value (a group of checkboxes). */
  lists?: readonly string[];
}) {
  const id = useId();
  const [errors, setErrors] = useState<Errors>(() => serverErrors(lastResult));
  const [hydrated, setHydrated] = useState(false);
  const touched = useRef(new Set<string>());
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    setErrors(serverErrors(lastResult));
    const names = Object.keys(lastResult?.error ?? {});
    for (const name of names) touched.current.add(name);
    if (names.length) focusFirst(document.getElementById(id), names);
  }, [lastResult, id]);
  // A field the visitor changed before the page's script ran (a slow phone) has no event to
  // check it again: as the script starts, the server's error of such a field is checked again.
  // Unchanged fields keep theirs (an address that is taken is known only to the server).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the page's script starts.
  useEffect(() => {
    const form = document.getElementById(id);
    if (!(form instanceof HTMLFormElement) || !lastResult) return;
    const now = formValues(new FormData(form), lists);
    const sent = lastResult.initialValue ?? {};
    const changed = Object.keys(serverErrors(lastResult)).filter(
      (name) => name !== "" && String(valueAt(now, name) ?? "") !== String(valueAt(sent, name) ?? ""),
    );
    if (changed.length === 0) return;
    const found = check(form);
    setErrors((shown) => {
      const next = { ...shown };
      for (const name of changed) {
        const messages = found[name];
        if (messages) next[name] = messages;
        else delete next[name];
      }
      return next;
    });
  }, []);

  const initialValues = lastResult?.initialValue ?? defaultValue ?? {};

  const check = (form: HTMLFormElement): Errors => issuesByField(schema, formValues(new FormData(form), lists));
  /**
   * Errors of the touched fields only: nobody is told off for a field not reached yet. The
   * form's own message (a wrong password, say) stays until the next submit: it is above the
   * button. And as a field loses focus (`keep`), errors are only added, never taken away: focus
   * leaves a field when the button is pressed, and a message taken away then would move the
   * button from under the pointer between press and release, and the click would be lost. An
   * error goes as its field is changed (input, or a box ticked).
   */
  const show = (form: HTMLFormElement, keep = false) => {
    const found = check(form);
    setErrors((shown) => {
      const next = Object.fromEntries(Object.entries(found).filter(([name]) => name !== "" && touched.current.has(name)));
      const kept = keep ? Object.fromEntries(Object.entries(shown).filter(([name]) => name !== "")) : {};
      return shown[""] ? { ...kept, ...next, "": shown[""] } : { ...kept, ...next };
    });
  };

  const formElement = () => document.getElementById(id);

  return {
    id,
    /** The page's script runs (false in the server's HTML and for visitors without JavaScript). */
    hydrated,
    errors,
    formErrors: errors[""],
    /** A field shows an error (the form's own message does not block sending again). */
    hasErrors: fieldErrorShown(errors),
    props: {
      id,
      // The browser's own checks serve visitors without JavaScript; with it, this hook checks.
      noValidate: hydrated,
      onBlur: (event: FocusEvent<HTMLFormElement>) => {
        const name = Reflect.get(event.target, "name");
        if (typeof name !== "string" || name === "") return;
        touched.current.add(name);
        show(event.currentTarget, true);
      },
      // While a field shows an error, every change checks again, so an error goes as it is
      // mended (one that depends on another field too, as the ages of a search).
      onInput: (event: FormEvent<HTMLFormElement>) => {
        if (fieldErrorShown(errors)) show(event.currentTarget);
      },
      // React reports the change of a box, a radio, a list or a file as onChange, not onInput.
      onChange: (event: FormEvent<HTMLFormElement>) => {
        const type = Reflect.get(event.target, "type");
        if (typeof type === "string" && CHOICE_TYPES.has(type) && fieldErrorShown(errors)) show(event.currentTarget);
      },
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        const form = event.currentTarget;
        const found = check(form);
        const names = Object.keys(found);
        if (names.length === 0) return;
        event.preventDefault();
        for (const name of names) touched.current.add(name);
        setErrors(found);
        focusFirst(form, names);
      },
    },
    /** A field's name, id, errors and first value (what the server echoed, or the default). */
    field(name: string) {
      const initial = valueAt(initialValues, name);
      return {
        name,
        id: `${id}-${name}`,
        errorId: `${id}-${name}-error`,
        errors: errors[name],
        initialValue: typeof initial === "string" ? initial : undefined,
        initialValues: Array.isArray(initial)
          ? initial.filter((x): x is string => typeof x === "string")
          : typeof initial === "string"
            ? [initial]
            : [],
        constraint: import.meta.env.SSR ? serverConstraint(constraint?.[name], name, errors) : (constraint?.[name] ?? {}),
      };
    },
    /** Sets a field's value from code (a corrected address, a place from the device). */
    update(name: string, value: string) {
      const form = formElement();
      const element = form instanceof HTMLFormElement ? form.elements.namedItem(name) : null;
      if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) {
        // The prototype's setter, not element.value =: React tracks values it set itself and would
        // otherwise ignore the events below as no change.
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), "value")?.set?.call(element, value);
        element.dispatchEvent(new Event("input", { bubbles: true }));
        element.dispatchEvent(new Event("change", { bubbles: true }));
      }
    },
  };
}

export type Form = ReturnType<typeof useForm>;

/** The props of an input for a field: name, id, first value and the browser's constraints. */
export function inputProps(field: ReturnType<Form["field"]>, type: string) {
  return {
    id: field.id,
    name: field.name,
    type,
    defaultValue: field.initialValue ?? "",
    ...field.constraint,
  };
}
