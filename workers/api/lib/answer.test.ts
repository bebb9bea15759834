import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { answer } from "./answer";

const Card = z.object({ id: z.number(), name: z.string(), photo: z.object({ url: z.string() }).nullable() });
const Answer = z.object({ cards: z.array(Card), more: z.boolean().default(false) });

describe("answer (lib/answer.ts)", () => {
  it("answers the body as JSON with its status", async () => {
    const app = new Hono().get("/", (c) => answer(c, Answer, { cards: [{ id: 1, name: "A", photo: null }] }, 201));
    const response = await app.request("/");
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ cards: [{ id: 1, name: "A", photo: null }] });
  });

  // What the compiler refuses: tsc -b checks these lines (npm run typecheck).
  it("lets through only what the contract's schema accepts", () => {
    const app = new Hono();
    const row = { id: 1, name: "A", photo: { url: "/a.jpg", path: "r2/a.jpg" }, email: "a@example.com" };
    app.get("/extra", (c) =>
      // @ts-expect-error a field the contract lacks, however deep, is refused (a leak the app's parse would hide)
      answer(c, Answer, { cards: [row] }),
    );
    // @ts-expect-error a missing field
    app.get("/missing", (c) => answer(c, Answer, { cards: [{ id: 1, name: "A" }] }));
    // @ts-expect-error a wrong type
    app.get("/type", (c) => answer(c, Answer, { cards: [], more: "yes" }));
    app.get("/ok", (c) => answer(c, Answer, { cards: [{ id: row.id, name: row.name, photo: { url: row.photo.url } }] }));
    expect(app.routes).toHaveLength(4);
  });
});
