/**
 * The route table of docs/product.md §2. Auth levels: routes inside loginRequired() need a member (one
 * guard, app/routes/guards/login-required.tsx); everything else is public or optional.
 * Layouts: default, chat, empty, lander (app/layouts).
 */
import { index, layout, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";

const loginRequired = (children: RouteConfigEntry[], id?: string) =>
  id ? layout("routes/guards/login-required.tsx", { id }, children) : layout("routes/guards/login-required.tsx", children);

export default [
  layout("layouts/default.tsx", [
    index("routes/welcome.tsx"), //                       /         public
    route("login", "routes/login.tsx"), //                /login    public
    route("signup", "routes/signup.tsx"), //              /signup   public (steps 0 to 7)
    route("reset-password", "routes/reset-password.tsx"), //       optional
    route("reset-password/do", "routes/reset-password-do.tsx"), // optional
    route("mail-change/do", "routes/mail-change-do.tsx"), //     public
    route("account-rescue", "routes/account-rescue.tsx"), //     public: "This was not me" (issue 25)
    route("account-deleted", "routes/account-deleted.tsx"), //   optional
    route("activate/done", "routes/activate-result.tsx", { id: "activate-done" }), //   public
    route("activate/error", "routes/activate-result.tsx", { id: "activate-error" }), // public
    route("pages", "routes/pages.index.tsx"), //          public: the info pages below, listed
    route("pages/terms", "routes/pages.terms.tsx"), //    public
    route("pricing", "routes/pricing.tsx"), //            public: packages, plans, message cost
    route("transactions/:transactionId", "routes/transaction.tsx"), // public: the provider's return address
    route("premium/cancel", "routes/premium-cancel.tsx"), // public: "cancel contracts here" (designed)
    route("pages/privacy", "routes/pages.privacy.tsx"), // public
    route("pages/faq", "routes/pages.faq.tsx"), //        public: questions and answers (content)
    route("pages/cookies", "routes/pages.cookies.tsx"), // public: cookies and storage, from lib/storage-inventory.ts
    route("pages/service", "routes/pages.service.tsx"), // public: customer service and its contact form
    route("pages/return-policy", "routes/pages.return-policy.tsx"), // public: withdrawal and refunds
    route("pages/safety", "routes/pages.safety.tsx"), // public: staying safe (content), the screening notice when the site shows it
    route("pages/ban", "routes/pages.ban.tsx"), //        public: a ban's statement of reasons, or "not banned"
    route("complaints", "routes/complaints.tsx"), //      public: the DSA notice form (trust and safety)
    route("_dev", "routes/dev-panel.tsx"), //             developer only (the development panel)
    route("_dev/mailbox", "routes/dev-mailbox.tsx"), //   developer only (the local mail outbox)
    route("_dev/postbacks", "routes/dev-postbacks.tsx"), // developer only (the postback log)
    route("_dev/:preview", "routes/dev-preview.tsx"), //  developer only: dialogs, top-nav, activate-reminder
    route("members", "routes/members.tsx", { id: "members" }), //        /members   list (who may search: settings)
    route("search", "routes/members.tsx", { id: "search" }), //          /search    the same
    route("members/:memberId", "routes/member.tsx", { id: "members-memberId" }), //   optional
    route("likes/m/:memberId", "routes/member.tsx", { id: "likes-m-memberId" }), //   optional
    loginRequired([
      route("home", "routes/home.tsx"), //                /home     login
      route("likes", "routes/likes.tsx", { id: "likes" }), //            /likes         login
      route("likes/:type", "routes/likes.tsx", { id: "likes-type" }), // /likes/:type   login
      route("notifications", "routes/notifications.tsx"), //             /notifications login
      route("profile", "routes/profile.tsx"), //                          /profile      login
      route("profile/delete", "routes/profile-delete.tsx"), //            confirm deletion
      route("profile/verification", "routes/profile-verification.tsx"), // photo verification (ADR 059)
      route("chats", "routes/chats.tsx"), //                              /chats        login
      route("credits", "routes/credits.tsx"), //                          /credits      login
      route("credits/repeat-order", "routes/credits-repeat-order.ts"), //  the last order again
      route("credits/:creditId/:paymentMethod?", "routes/credits-order.tsx"), // the order summary
      route("premium", "routes/premium.tsx"), //                          /premium      login
      route("withdrawal", "routes/withdrawals.tsx"), //                  withdraw from a contract (designed)
      route("withdrawal/:orderId", "routes/withdrawal.tsx"), //          confirm it, and its outcome
      route("members/:memberId/report", "routes/member-report.tsx"), //   report a member (trust and safety)
      route("appeals/:decisionId", "routes/appeal.tsx"), //              a decision's statement and its appeal (open while banned)
    ]),
    route("*", "routes/not-found.tsx"), //                unmatched: 404 error page
  ]),

  layout("layouts/chat.tsx", [
    route("members/:memberId/chat", "routes/member-chat.tsx"), //            public: starts a chat
    loginRequired(
      [
        route("chats/:chatId", "routes/chat.tsx", { id: "chats-chatId" }), //  login: one conversation
      ],
      "login-required-chat",
    ),
  ]),

  layout("layouts/lander.tsx", [
    route("members/:memberId/signup", "routes/member-signup.tsx"), // lander: no JavaScript
    route("offline", "routes/offline.tsx"), //                      public: the service worker's offline page
    route("members/:memberId/landing", "routes/member-landing.tsx", { id: "member-landing" }), // lander
    // The eight affiliate landers (lib/landers.ts): /landers/:type/:slug; an unknown type is the 404 page.
    route("landers/:type/*", "routes/lander.tsx"),
  ]),

  layout("layouts/empty.tsx", [
    route("members/:memberId/landing2/*", "routes/member-landing.tsx", { id: "member-landing2" }), // lander
    route("members/:memberId/landing3/*", "routes/member-landing.tsx", { id: "member-landing3" }), // lander
    route("match-finder", "routes/match-finder.tsx"), //   public: a quiz, then matches and sign-up (no JavaScript)
    route("signup-matches", "routes/signup-matches.tsx"), // public: after sign-up, members to like or write to first
  ]),

  // The staff moderation console (docs/product.md "Moderation", ADR 029): staff, not members;
  // its own layout and session (app/lib/staff.server.ts), none of the member shell.
  layout("routes/staff/layout.tsx", [
    route("staff/login", "routes/staff/login.tsx"), //               staff: email and password
    route("staff/code", "routes/staff/code.tsx"), //                 staff: the TOTP code
    route("staff", "routes/staff/queue.tsx"), //                     staff: the queue
    route("staff/cases/:caseId", "routes/staff/case.tsx"), //        staff: a report or notice, and the decision
    route("staff/members/:memberId", "routes/staff/member.tsx"), //  staff: a member, their photos, a decision
    route("staff/appeals/:appealId", "routes/staff/appeal.tsx"), //  staff: an appeal and its outcome
    route("staff/audit", "routes/staff/audit.tsx"), //               staff: the audit log
    route("staff/verifications", "routes/staff/verifications.tsx"), // staff: selfies to compare (ADR 059)
    route("staff/hosts", "routes/staff/hosts.tsx"), //               hosts: members waiting for an answer
    route("staff/hosts/:conversationId", "routes/staff/host-conversation.tsx"), // hosts: one conversation, the reply
    route("staff/profiles", "routes/staff/ent-profiles.tsx"), //          admins: the entertainment profiles
    route("staff/profiles/:profileId", "routes/staff/ent-profile.tsx"), // admins: one profile (or "new")
    route("staff/host-figures", "routes/staff/host-figures.tsx"), //  admins: how fast hosts answer
    route("staff/transparency", "routes/staff/transparency.tsx"), //  admins: the DSA transparency report
    route("staff/business", "routes/staff/business.tsx"), //          admins: the funnel, money and conversations in numbers
    route("staff/sites", "routes/staff/sites.tsx"), //                admins: the sites, a new brand by copying one
    route("staff/sites/:siteId", "routes/staff/site.tsx"), //         admins: one site's settings by form, versions
    route("staff/orders", "routes/staff/orders.tsx"), //            admins: find orders
    route("staff/orders/:orderId", "routes/staff/order.tsx"), //    admins: one order, refund, chargeback
    route("staff/codes", "routes/staff/discount-codes.tsx"), //        admins: the general discount codes
    route("staff/codes/:codeId", "routes/staff/discount-code.tsx"), // admins: one code (or "new") and its uses
    route("staff/postbacks", "routes/staff/postbacks.tsx"), //       admins: networks' templates, a test send, the log
    route("_dev/staff-codes", "routes/staff/dev-codes.tsx"), //      developer only: demo staff's current codes
  ]),
  route("staff/logout", "routes/staff/logout.ts"), //     POST: staff log out
  route("staff/verifications/:requestId/selfie", "routes/staff/verification-selfie.ts"), // GET: a pending selfie (staff)
  route("staff/host-figures/csv", "routes/staff/host-figures-csv.ts"), // GET: a table of the host figures as CSV (admins)
  route("staff/transparency/download", "routes/staff/transparency-download.ts"), // GET: the transparency report as CSV or JSON (admins)
  route("staff/business/csv", "routes/staff/business-csv.ts"), //         GET: a table of the business figures as CSV (admins)

  // Resource routes: no page of their own.
  route("logout", "routes/logout.ts"), //                 POST: log out
  route("profile/data", "routes/profile-data.ts"), //     GET: the member's data export (login)
  route("complete-signup", "routes/complete-signup.ts"), // GET: back to an unfinished sign-up
  route("members/:memberId/like", "routes/member-like.ts"), // POST: like or unlike
  route("members/:memberId/block", "routes/member-block.ts"), // POST: block or unblock (login)
  route("language", "routes/language.ts"), //             POST: switch language
  route("entry-warning", "routes/entry-warning.ts"), //   POST: accept the site-entry warning (docs/product.md §2.5)
  route("consent", "routes/consent.ts"), //               POST: allow or refuse partner attribution (ADR 034)
  route("manifest.webmanifest", "routes/manifest.ts"), // GET: the site's web app manifest (its name and colours)
  route("icons/site/:file", "routes/site-icon.ts"), //   GET: the site's icon drawn from its theme (ADR 061)
  route("_i18n/:buildId/:locale/:file", "routes/i18n-messages.ts"), // messages.json (members), staff.json (the staff console)

  // JSON for the browser's own fetches (ADR 015): the browser reaches the API only for what
  // app/lib/api/browser-allow-list.ts lists.
  route("resources/validate-email", "routes/resources/validate-email.ts"), // GET: the email check as typed
  route("resources/geocode", "routes/resources/geocode.ts"), //          GET: sign-up step 3's place
  route("resources/activation", "routes/resources/activation.ts"), //    GET: sign-up step 6's progress
  route("resources/session", "routes/resources/session.ts"), //          GET: user polling (204 or 403)
  route("resources/badge", "routes/resources/badge.ts"), //              GET: the app badge's count
  route("resources/push-subscription", "routes/resources/push-subscription.ts"), // POST: store a subscription
  route("resources/typing", "routes/resources/typing.ts"), //            POST: the member types in a chat
] satisfies RouteConfig;
