/**
 * Sign-up step 1: push notifications. Only offered where the browser can do push, which needs
 * JavaScript; declining is a plain form.
 */
import { useState } from "react";
import { Form, useSubmit } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { Busy } from "./SignupChrome";

export function PushStep({ publicKey }: { publicKey: string }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const [state, setState] = useState<"idle" | "asking" | "failed">("idle");
  const turnOn = async () => {
    setState("asking");
    const result = await import("~/lib/client/push").then((push) => push.subscribePush(publicKey));
    if (result === null) {
      setState("failed");
      return;
    }
    // A refusal is recorded as 'denied' (docs/product.md §8); a subscription is stored on the account.
    await submit({ intent: "push", subscription: result === "denied" ? "denied" : JSON.stringify(result) }, { method: "post" });
  };
  return (
    <>
      <h1>{t("signup.push.heading")}</h1>
      <p>{t("signup.push.body")}</p>
      {state === "failed" && (
        <p className="error-list" role="alert">
          {t("signup.push.failed")}
        </p>
      )}
      {state === "asking" && <Busy label={t("signup.push.asking")} />}
      <Form method="post" className="step-buttons">
        <button type="button" className="button" onClick={() => void turnOn()} disabled={state === "asking"}>
          {t("signup.push.turnOn")}
        </button>
        <button type="submit" name="intent" value="skip" className="button secondary">
          {t("signup.push.decline")}
        </button>
      </Form>
    </>
  );
}
