/**
 * The route table of spec §2. Auth levels: routes inside loginRequired() need a member (one
 * guard, app/routes/guards/login-required.tsx); everything else is public or optional.
 * Layouts: default, chat, empty, lander (app/layouts).
 */
import { index, layout, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";

const loginRequired = (children: RouteConfigEntry[]) => layout("routes/guards/login-required.tsx", children);

export default [
  layout("layouts/default.tsx", [
    index("routes/welcome.tsx"), //                       /         public
    route("login", "routes/login.tsx"), //                /login    public
    loginRequired([
      route("home", "routes/home.tsx"), //                /home     login
    ]),
    route("*", "routes/not-found.tsx"), //                unmatched: 404 error page
  ]),

  // Resource routes: no page of their own.
  route("logout", "routes/logout.ts"), //                 POST: log out
  route("language", "routes/language.ts"), //             POST: switch language
  route("_i18n/:buildId/:locale/messages.json", "routes/i18n-messages.ts"),
] satisfies RouteConfig;
