/** The page-hidden beacon (docs/product.md §7) and photo files from R2. */
import { Hono } from "hono";
import type { ApiContext } from "../context";
import { touchLastSeen } from "../db/accounts";
import { ApiError } from "../lib/errors";

export const misc = new Hono<ApiContext>()
  .post("/page-hidden.php", async (c) => {
    // The browser sends this as the page goes to the background: remember when the member was last seen.
    const member = c.var.member;
    if (member) {
      await touchLastSeen(c.var.db, member.id);
    }
    return c.body(null, 204);
  })
  .get("/images/:filename{[a-z0-9-]+\\.(?:jpg|png|webp)}", async (c) => {
    const object = await c.env.PHOTOS.get(c.req.param("filename"));
    if (!object) throw new ApiError(404, "not_found", "No such image.");
    return c.body(object.body, 200, {
      "Content-Type": object.httpMetadata?.contentType ?? "image/jpeg",
      // File names are never reused (a new photo gets a new name), so they can be cached for good.
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: object.httpEtag,
    });
  });
