import { Link, redirect } from "react-router";
import { startChat } from "~/lib/api/chat.server";
import { fetchProfile } from "~/lib/api/discover.server";
import { getOptionalUser } from "~/lib/auth.server";
import { useTranslation } from "~/lib/i18n-react";
import { apiContext } from "~/lib/context";
import { apiFailurePage, notFound } from "~/lib/page-errors.server";
import type { Route } from "./+types/member-chat";

/**
 * /members/:memberId/chat (chat layout, public): starts or reopens the conversation
 * (GET /api/chat.php?profile=…) and goes to /chats/:chatId. A visitor is asked to sign up or log
 * in first and comes back here after logging in, or at the end of sign-up. A failure shows the
 * spec's danger notice (§8).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = Number(params.memberId);
  if (!Number.isInteger(id) || id <= 0) return notFound({ request, context });
  const api = context.get(apiContext);
  if (!(await getOptionalUser(context))) {
    const profile = await fetchProfile(api, id);
    if (!profile.ok) return apiFailurePage(profile, { request, context });
    return { state: "visitor" as const, memberId: id, name: profile.data.profile.name };
  }
  const started = await startChat(api, id);
  // `?write` (the match moment's "Write to …"): the conversation opens with the composer focused.
  const write = new URL(request.url).searchParams.has("write") ? "?write" : "";
  if (started.ok) throw redirect(`/chats/${started.data.id}${write}`);
  if (started.status === 404) return notFound({ request, context });
  console.warn("starting a chat failed", id, started.status, started.error.error);
  return { state: "failed" as const, memberId: id, name: null };
}

export default function MemberChat({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const back = `/members/${loaderData.memberId}`;
  if (loaderData.state === "failed") {
    return (
      <div className="narrow chat-start">
        <title>{t("errors.heading")}</title>
        <div className="alert danger" role="alert">
          <h1>{t("errors.heading")}</h1>
          <p>{t("chat.startFailed")}</p>
        </div>
        <p>
          <Link to={back}>{t("chat.backToProfile")}</Link>
        </p>
      </div>
    );
  }
  const here = `/members/${loaderData.memberId}/chat`;
  return (
    <div className="narrow chat-start">
      <title>{t("chat.visitorTitle", { name: loaderData.name })}</title>
      <h1>{t("chat.visitorHeading", { name: loaderData.name })}</h1>
      <p>{t("chat.visitorText")}</p>
      <p className="actions">
        <Link className="button" to={`/signup?redirectTo=${encodeURIComponent(here)}`}>
          {t("chat.visitorSignup")}
        </Link>
        <Link className="button secondary" to={`/login?redirectTo=${encodeURIComponent(here)}`}>
          {t("chat.visitorLogin")}
        </Link>
      </p>
      <p>
        <Link to={back}>{t("chat.backToProfile")}</Link>
      </p>
    </div>
  );
}
