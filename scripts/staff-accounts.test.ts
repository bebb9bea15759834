import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { beforeEach, describe, expect, it } from "vitest";
import { verifyPassword } from "../workers/api/lib/passwords";
import { decodeStaffPassword } from "../workers/api/lib/staff";
import { currentCode, stepOfCode } from "../workers/api/lib/totp";
import {
  addStatement,
  disableStatements,
  enableStatement,
  newCredentials,
  parseLanguages,
  resetStatements,
  sqlText,
} from "./staff-accounts";

/** A database with every migration applied, as D1 has it: the statements run on the real schema. */
function migratedDatabase(): DatabaseSync {
  const dir = path.join(import.meta.dirname, "../workers/api/migrations");
  const db = new DatabaseSync(":memory:");
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    db.exec(readFileSync(path.join(dir, file), "utf8"));
  }
  db.exec("INSERT INTO sites (id, host, is_default, settings) VALUES (1, 'amora.example', 1, '{}')");
  return db;
}

describe("staff accounts for operators (npm run staff)", () => {
  let db: DatabaseSync;
  beforeEach(() => {
    db = migratedDatabase();
  });
  const row = (email: string) =>
    db.prepare("SELECT * FROM staff WHERE email = ?").get(email) as Record<string, string | number | null> | undefined;

  it("gives a password that matches the stored hash and a key whose codes sign in", async () => {
    const credentials = await newCredentials("ann@example.com", "amora.example");
    expect(credentials.password).toMatch(/^[\w-]{20}$/);
    expect(credentials.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(credentials.uri).toContain(`secret=${credentials.secret}`);
    expect(credentials.uri).toContain("issuer=amora.example");
    const stored = decodeStaffPassword(credentials.passwordHash);
    expect(stored).not.toBeNull();
    expect(await verifyPassword(credentials.password, stored!)).toBe(true);
    expect(await verifyPassword("another password", stored!)).toBe(false);
    expect(stepOfCode(credentials.secret, currentCode(credentials.secret).code)).not.toBeNull();
    const again = await newCredentials("ann@example.com", "amora.example");
    expect(again.password).not.toBe(credentials.password);
    expect(again.secret).not.toBe(credentials.secret);
  });

  it("adds a moderator of one site, and an admin of every site, with a quote in the name", async () => {
    const credentials = await newCredentials("ann@example.com", "amora.example");
    db.exec(addStatement({ email: "ann@example.com", name: "Ann O'Neil", role: "moderator", siteId: 1 }, credentials, 1000));
    expect(row("ann@example.com")).toMatchObject({
      name: "Ann O'Neil",
      role: "moderator",
      site_id: 1,
      password_hash: credentials.passwordHash,
      totp_secret: credentials.secret,
      disabled_at: null,
      created_at: 1000,
    });
    db.exec(addStatement({ email: "lead@example.com", name: "Lead", role: "admin", siteId: null }, credentials, 1000));
    expect(row("lead@example.com")).toMatchObject({ role: "admin", site_id: null, languages: null });
    // A host of two languages (ADR 045).
    db.exec(
      addStatement({ email: "hana@example.com", name: "Hana", role: "host", siteId: 1, languages: "nl,de" }, credentials, 1000),
    );
    expect(row("hana@example.com")).toMatchObject({ role: "host", site_id: 1, languages: "nl,de" });
    // An address has one account.
    expect(() =>
      db.exec(addStatement({ email: "ann@example.com", name: "Ann", role: "admin", siteId: 1 }, credentials, 1000)),
    ).toThrow(/UNIQUE/);
  });

  it("reads a host's languages as codes, and refuses anything else", () => {
    expect(parseLanguages("nl, DE")).toBe("nl,de");
    expect(parseLanguages("")).toBeNull();
    expect(parseLanguages("nl,german")).toBeNull();
  });

  it("resets the password and the key, allows the new key's codes again and ends the sessions", async () => {
    const first = await newCredentials("ann@example.com", "amora.example");
    db.exec(addStatement({ email: "ann@example.com", name: "Ann", role: "moderator", siteId: 1 }, first, 1000));
    const id = row("ann@example.com")!.id;
    db.exec(`UPDATE staff SET totp_last_step = 999999999 WHERE id = ${id}`);
    db.exec(`INSERT INTO staff_sessions (id_hash, staff_id, totp_ok, created_at, expires_at) VALUES ('h', ${id}, 1, 1, 9e12)`);
    const second = await newCredentials("ann@example.com", "amora.example");
    db.exec(resetStatements("ann@example.com", second).join("\n"));
    expect(row("ann@example.com")).toMatchObject({
      password_hash: second.passwordHash,
      totp_secret: second.secret,
      totp_last_step: 0,
    });
    expect(db.prepare("SELECT COUNT(*) AS n FROM staff_sessions").get()).toEqual({ n: 0 });
  });

  it("disables an account (sessions end, the row stays) and enables it again", async () => {
    db.exec(
      addStatement(
        { email: "ann@example.com", name: "Ann", role: "moderator", siteId: 1 },
        await newCredentials("ann@example.com", "x"),
        1000,
      ),
    );
    const other = await newCredentials("bob@example.com", "x");
    db.exec(addStatement({ email: "bob@example.com", name: "Bob", role: "moderator", siteId: 1 }, other, 1000));
    for (const email of ["ann@example.com", "bob@example.com"]) {
      db.exec(
        `INSERT INTO staff_sessions (id_hash, staff_id, totp_ok, created_at, expires_at) VALUES (${sqlText(email)}, ${row(email)!.id}, 1, 1, 9e12)`,
      );
    }
    db.exec(disableStatements("ann@example.com", 5000).join("\n"));
    expect(row("ann@example.com")!.disabled_at).toBe(5000);
    expect(row("bob@example.com")!.disabled_at).toBeNull();
    expect(db.prepare("SELECT id_hash FROM staff_sessions").all()).toEqual([{ id_hash: "bob@example.com" }]);
    db.exec(enableStatement("ann@example.com"));
    expect(row("ann@example.com")!.disabled_at).toBeNull();
  });

  it("quotes text for SQL", () => {
    expect(sqlText("o'neil@example.com")).toBe("'o''neil@example.com'");
    expect(sqlText("'; DROP TABLE staff; --")).toBe("'''; DROP TABLE staff; --'");
  });
});
