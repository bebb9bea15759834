import { Link, NavLink } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { useLook, useSite, useTemplateFlags } from "~/lib/root-data";

export interface HeaderUser {
  name: string;
  photo: string | null;
  credits: number;
  unreadMessages: number;
  newLikes: number;
}

/**
 * The shell's header (docs/product.md §1.2): the brand, and for members the credits and the five
 * places (search, likes, chats, notifications, profile) with their unread and new-like counts.
 * On phones the places are a tab bar fixed at the bottom; from 48rem they sit in the header.
 * Icons are CSS masks, so the shell adds no JavaScript beyond the links themselves.
 */
export function SiteHeader({
  siteName,
  user,
  cdnPrefix,
  signupOpen,
}: {
  siteName: string;
  user: HeaderUser | null;
  cdnPrefix: string;
  signupOpen: boolean;
}) {
  const { t } = useTranslation();
  const look = useLook();
  const site = useSite();
  const flags = useTemplateFlags();
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link className="brand" to={user ? "/home" : "/"}>
          {look?.logo ? (
            <img className="brand-logo" src={look.logo} alt={siteName} height={32} />
          ) : (
            <>
              <span className="brand-mark" aria-hidden="true" />
              {siteName}
            </>
          )}
        </Link>
        {user ? (
          <>
            <nav className="tabbar" aria-label={t("member.menu")}>
              <Tab to="/members" icon="search" label={t("nav.search")} />
              {flags.likesOverview ? (
                <Tab
                  to="/likes"
                  icon="likes"
                  label={t("nav.likes")}
                  count={user.newLikes}
                  countLabel={t("nav.likesNew", { count: user.newLikes })}
                />
              ) : null}
              <Tab
                to="/chats"
                icon="chats"
                label={t("nav.chats")}
                count={user.unreadMessages}
                countLabel={t("nav.chatsUnread", { count: user.unreadMessages })}
              />
              <Tab to="/notifications" icon="notifications" label={t("nav.notifications")} />
              <NavLink
                to="/profile"
                className={({ isActive }) => (isActive ? "tab active" : "tab")}
                data-icon="profile"
                aria-label={t("nav.profile", { name: user.name })}
              >
                {user.photo ? (
                  <img className="tab-icon avatar" src={cdnPrefix + user.photo} alt="" width={28} height={28} />
                ) : (
                  <span className="tab-icon" aria-hidden="true" />
                )}
                <span className="tab-label" aria-hidden="true">
                  {t("nav.me")}
                </span>
              </NavLink>
            </nav>
            <Link to="/credits" className="credits-pill" data-testid="credits">
              {t("home.credits", { count: user.credits })}
            </Link>
          </>
        ) : (
          <nav className="visitor-nav" aria-label={t("nav.main")}>
            <Link className="nav-link nav-search" to="/members">
              {t("nav.search")}
            </Link>
            <Link className="nav-link" to="/login">
              {t("nav.login")}
            </Link>
            {signupOpen ? (
              <Link className="button small" to={site?.signupHref ?? "/signup"}>
                {t("nav.join")}
              </Link>
            ) : null}
          </nav>
        )}
      </div>
    </header>
  );
}

/** One place in the tab bar, with its count (unread messages, new likes) when there is one. */
function Tab({
  to,
  icon,
  label,
  count = 0,
  countLabel,
}: {
  to: string;
  icon: string;
  label: string;
  count?: number;
  countLabel?: string;
}) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) => (isActive ? "tab active" : "tab")}
      data-icon={icon}
      aria-label={count > 0 ? countLabel : undefined}
    >
      <span className="tab-icon" aria-hidden="true" />
      <span className="tab-label">{label}</span>
      {count > 0 ? (
        <span className="tab-count" aria-hidden="true">
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </NavLink>
  );
}
