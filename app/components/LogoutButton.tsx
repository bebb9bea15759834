import { Form } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { markLoggingOut } from "~/lib/client/user-polling";

/** Log out (docs/product.md §4): a form post, so it works without JavaScript; polling stops first. */
export function LogoutButton() {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/logout" onSubmit={() => markLoggingOut()} className="logout-form">
      <button type="submit" className="button secondary small">
        {t("nav.logout")}
      </button>
    </Form>
  );
}
