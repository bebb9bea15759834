/**
 * `npm run staff`: staff accounts of the staff console (docs/decisions/029; hosts: 045), for operators.
 * Roles: moderator, host (answers as the entertainment profiles, in --languages; default every
 * language), admin.
 * Works on the local state (STATE_DIR, default .wrangler/state) or, with --remote, on the
 * deployed database of workers/api/wrangler.jsonc (wrangler must be logged in).
 *
 *   npm run staff -- add ann@example.com --name "Ann" --site amora.example [--role admin]
 *   npm run staff -- add lead@example.com --name "Lead" --all-sites --role admin
 *   npm run staff -- add hana@example.com --name "Hana" --site amora.example --role host --languages nl,de
 *   npm run staff -- reset ann@example.com       a new password and authenticator key; sessions end
 *   npm run staff -- disable ann@example.com     no more sign-ins; sessions end; history kept
 *   npm run staff -- enable ann@example.com
 *
 * `add` and `reset` print the password and the authenticator key once (give them to the owner
 * over a channel you trust); only the password's hash and the key are stored.
 */
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import {
  addStatement,
  disableStatements,
  enableStatement,
  newCredentials,
  parseLanguages,
  resetStatements,
  STAFF_ROLES,
  sqlText,
  type Credentials,
  type StaffRole,
} from "./staff-accounts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: "string" },
    role: { type: "string", default: "moderator" },
    site: { type: "string" },
    languages: { type: "string" },
    "all-sites": { type: "boolean", default: false },
    remote: { type: "boolean", default: false },
  },
});
const [command, email] = positionals;

function fail(message: string): never {
  console.error(`staff: ${message}`);
  process.exit(1);
}

/** Runs SQL through wrangler on the chosen database: the rows of each statement. */
function d1(sql: string): { results: Record<string, unknown>[] }[] {
  const where = values.remote ? ["--remote"] : ["--local", "--persist-to", process.env.STATE_DIR ?? ".wrangler/state"];
  const out = execFileSync(
    "wrangler",
    ["d1", "execute", "DB", ...where, "-c", "workers/api/wrangler.jsonc", "--json", "--command", sql],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  return JSON.parse(out);
}

/** The account's site host (null: every site), or the command fails: wrangler reports no row counts locally. */
function siteOfAccount(email: string): string | null {
  const [found] = d1(`SELECT s.host FROM staff t LEFT JOIN sites s ON s.id = t.site_id WHERE t.email = ${sqlText(email)};`);
  const account = found?.results[0];
  if (!account) fail(`no staff account ${email}`);
  return typeof account.host === "string" ? account.host : null;
}

function show(credentials: Credentials) {
  console.log(`\n  password:          ${credentials.password}`);
  console.log(`  authenticator key: ${credentials.secret}`);
  console.log(`  or scan:           ${credentials.uri}\n`);
  console.log("Shown once: give them to the owner over a channel you trust.");
}

if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail("give an e-mail address: npm run staff -- <command> <email>");
const now = Date.now();

switch (command) {
  case "add": {
    if (!values.name?.trim()) fail("--name is required");
    if (!STAFF_ROLES.includes(values.role as StaffRole)) fail(`--role is one of ${STAFF_ROLES.join(", ")}`);
    if (values["all-sites"] === Boolean(values.site)) fail("give --site <host> or --all-sites");
    const languages = values.languages === undefined ? null : parseLanguages(values.languages);
    if (values.languages !== undefined && languages === null) fail("--languages is a list of language codes: nl,de");
    let siteId: number | null = null;
    if (values.site) {
      const [found] = d1(`SELECT id FROM sites WHERE host = ${sqlText(values.site)};`);
      const id = found?.results[0]?.id;
      if (typeof id !== "number") fail(`no site with host ${values.site}`);
      siteId = id;
    }
    const [existing] = d1(`SELECT id FROM staff WHERE email = ${sqlText(email)};`);
    if (existing?.results.length) fail(`${email} already has a staff account (use reset)`);
    const credentials = await newCredentials(email, values.site ?? "all sites");
    d1(addStatement({ email, name: values.name.trim(), role: values.role as StaffRole, siteId, languages }, credentials, now));
    console.log(`Added ${email} (${values.role}, ${values.site ?? "all sites"}, ${languages ?? "every language"}).`);
    show(credentials);
    break;
  }
  case "reset": {
    const credentials = await newCredentials(email, siteOfAccount(email) ?? "all sites");
    d1(resetStatements(email, credentials).join("\n"));
    console.log(`Reset ${email}: the old password and key no longer work, and their sessions have ended.`);
    show(credentials);
    break;
  }
  case "disable":
    siteOfAccount(email);
    d1(disableStatements(email, now).join("\n"));
    console.log(`Disabled ${email}: no more sign-ins, sessions ended; decisions and audit lines stay.`);
    break;
  case "enable":
    siteOfAccount(email);
    d1(enableStatement(email));
    console.log(`Enabled ${email}.`);
    break;
  default:
    fail("commands: add, reset, disable, enable (see the top of scripts/staff.ts)");
}
