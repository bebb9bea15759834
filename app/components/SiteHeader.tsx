import { useTranslation } from "~/lib/i18n-react";
import { Form, Link } from "react-router";
import { markLoggingOut } from "~/lib/client/user-polling";

export interface HeaderUser {
  name: string;
  photo: string | null;
  credits: number;
  unreadMessages: number;
}

/** The top bar: the site's name, and either the member header (photo, name, credits, logout) or the visitor's links. */
export function SiteHeader({ siteName, user, cdnPrefix }: { siteName: string; user: HeaderUser | null; cdnPrefix: string }) {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <Link className="brand" to={user ? "/home" : "/"}>
        {siteName}
      </Link>
      {user ? (
        <nav className="member-header" aria-label={t("member.menu")}>
          <Link to="/members">{t("nav.search")}</Link>
          <Link
            to="/chats"
            aria-label={user.unreadMessages > 0 ? t("nav.chatsUnread", { count: user.unreadMessages }) : undefined}
          >
            {t("nav.chats")}
            {user.unreadMessages > 0 ? (
              <span className="badge new" aria-hidden="true">
                {user.unreadMessages}
              </span>
            ) : null}
          </Link>
          <Link to="/likes">{t("nav.likes")}</Link>
          <Link to="/notifications">{t("nav.notifications")}</Link>
          <Link to="/profile" className="profile-link" aria-label={t("nav.profile", { name: user.name })}>
            {user.photo ? (
              <img className="avatar" src={cdnPrefix + user.photo} alt="" width={40} height={40} />
            ) : (
              <span className="avatar avatar-empty" aria-hidden="true" />
            )}
            <span className="member-name">{user.name}</span>
          </Link>
          <Link to="/credits" className="credits" data-testid="credits">
            {t("home.credits", { count: user.credits })}
          </Link>
          <Form method="post" action="/logout" onSubmit={() => markLoggingOut()}>
            <button type="submit" className="link-button">
              {t("nav.logout")}
            </button>
          </Form>
        </nav>
      ) : (
        <nav className="visitor-nav" aria-label={t("nav.main")}>
          <Link to="/members">{t("nav.search")}</Link>
          <Link to="/login">{t("nav.login")}</Link>
        </nav>
      )}
    </header>
  );
}
