/**
 * Every internal link written as a literal path in the app (a `to`, `href` or `action`, a
 * `redirect(…)`) leads to a route of app/routes.ts. Pages link with literal paths, which read
 * best; this test is what makes a renamed or removed route fail (docs/architecture.md §3,
 * rule 6). Client code that fetches resource routes uses `routePath()`, which the compiler checks.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "./routes";

function patterns(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    const here = entry.path !== undefined || entry.index ? [own || "/"] : [];
    return [...here, ...patterns(entry.children ?? [], own)];
  });
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "+types" ? [] : sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Literal internal paths: `to="/x"`, `href={`/x/${id}`}`, `action="/x"`, `redirect("/x")`. */
const LINK = /(?:\b(?:to|href|action)=\{?|\bredirect\()\s*(["'`])(\/[^"'`]*)\1/g;
/** Not pages: the API, built assets, translations, files. */
const NOT_A_PAGE = /^\/(api|assets|_i18n|icons)\/|^\/[^/]*\.\w+$|^\/\/|\/\.\w+$/;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("internal links", () => {
  // The catch-all (the 404 page) would match anything: it is not a destination.
  const known = patterns(routes).filter((pattern) => pattern !== "/*");
  /** A path the route answers: its parameters filled in (`/members/:memberId` → `/members/1`). */
  const sample = (pattern: string) => pattern.replace(/:\w+\??/g, "1").replace(/\*$/, "x");
  const links = sources(path.resolve(__dirname)).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(LINK)].map((match) => ({
      file: path.relative(process.cwd(), file),
      path: (match[2] ?? "").split(/[?#]/)[0] ?? "",
    })),
  );

  it("are found (the pattern still matches how the app writes links)", () => {
    expect(links.length).toBeGreaterThan(100);
  });

  it("each lead to a route", () => {
    // A template's ${…} part stands for one path segment (an id, a slug, a page's name).
    const leadsTo = (link: string, pattern: string) =>
      matchPath({ path: pattern, end: true }, link.replace(/\$\{[^}]*\}/g, "1")) !== null ||
      new RegExp(
        `^${link
          .split(/\$\{[^}]*\}/)
          .map(literal)
          .join("[^/]+")}$`,
      ).test(sample(pattern));
    const broken = links.filter(
      (link) => link.path !== "" && !NOT_A_PAGE.test(link.path) && !known.some((pattern) => leadsTo(link.path, pattern)),
    );
    expect(broken).toEqual([]);
  });
});
