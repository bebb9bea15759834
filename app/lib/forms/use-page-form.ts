/**
 * The form of a page whose loader gives its constraints and defaults (the complaints and the
 * customer-service forms): the form hook (use-form.ts) on what the loader and the last post
 * answered, and whether a post is on its way. Apart from use-form.ts, which sign-up carries.
 */
import type * as v from "valibot";
import { useNavigation } from "react-router";
import { type FieldConstraint, type FormResult, useForm } from "./use-form";

export function usePageForm<S extends v.GenericSchema>(
  schema: S,
  loaderData: { constraint: Record<string, FieldConstraint>; defaults: Record<string, unknown> },
  actionData: { result?: FormResult } | undefined,
) {
  const submitting = useNavigation().state === "submitting";
  const form = useForm({
    schema,
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    defaultValue: loaderData.defaults,
  });
  return { form, submitting };
}
