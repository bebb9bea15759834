/**
 * The demo staff accounts (README "Demo staff"; ADR 029, 045): one moderator per demo site, a chat
 * host of the first site (English, Dutch and German), a chat host of every site and language, an
 * admin of the first site and two platform admins (one runs the sites). Their TOTP secrets are fixed and public (they are in this repository): add one
 * to an authenticator app, or open /_dev/staff-codes where the development tools run. Never
 * for production: a real deployment creates its staff with their own secrets.
 */
import { DEMO_STAFF_EMAILS } from "../lib/dev-tools";

export const DEMO_STAFF_PASSWORD = "staff-demo-password";

export const DEMO_STAFF = [
  {
    email: DEMO_STAFF_EMAILS.moderator,
    name: "Mira Moderator",
    role: "moderator",
    host: "localhost",
    totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
  },
  {
    email: DEMO_STAFF_EMAILS.velvetModerator,
    name: "Victor Moderator",
    role: "moderator",
    host: "velvet.localhost",
    totpSecret: "KRUGKIDROVUWG2ZAMJZG653OEBTG66BA",
  },
  {
    email: DEMO_STAFF_EMAILS.host,
    name: "Hana Host",
    role: "host",
    host: "localhost",
    languages: "en,nl,de",
    totpSecret: "NBSWY3DPO5XXE3DEEBUGK3DMN5XXE2LO",
  },
  {
    email: DEMO_STAFF_EMAILS.platformHost,
    name: "Hugo Host",
    role: "host",
    host: null,
    languages: null,
    totpSecret: "NBSWY3DPEB3W64TMMQQGQ33TOQQHEZLQ",
  },
  {
    email: DEMO_STAFF_EMAILS.siteAdmin,
    name: "Sam Site-admin",
    role: "admin",
    host: "localhost",
    totpSecret: "ONQW2IDTNF2GKIDBMRWWS3RAORXXI4BA",
  },
  {
    email: DEMO_STAFF_EMAILS.admin,
    name: "Ada Admin",
    role: "admin",
    host: null,
    totpSecret: "MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U",
  },
  {
    // A second platform admin: the operator who runs the sites (/staff/sites; ADR 047).
    email: DEMO_STAFF_EMAILS.operator,
    name: "Otto Operator",
    role: "admin",
    host: null,
    totpSecret: "N5YGK4TBORXXEIDPMZ2GQZJAONUXIZLT",
  },
] as const;

/**
 * Members of the first site who wrote to entertainment profiles and wait for an answer, so the
 * hosts' queue of a fresh `npm start` is not empty: the member's message, minutes before the seed.
 */
export const DEMO_WAITING_MESSAGES = [
  { text: "Hi! I like your photos. What do you do for fun?", minutesAgo: 3 },
  { text: "Hey, are you online? 😊", minutesAgo: 9 },
  { text: "Hello from Utrecht! Do you like cycling?", minutesAgo: 17 },
  { text: "Good evening, how was your day?", minutesAgo: 26 },
] as const;

/** A demo open report in the queue: the first seeded profile (after the demo accounts), reported by Anna. */
export const DEMO_CASE = {
  reference: "R-DEMQ2XKP",
  memberId: 5,
  explanation: "Sends everyone the same <a href='https://spam.example'>link</a> to another site.",
} as const;
