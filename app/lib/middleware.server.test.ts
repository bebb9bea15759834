import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { User } from "../../contract/schemas";
import { userContext } from "./context";
import { requireUserMiddleware } from "./middleware.server";

/** A member lookup the test answers when it wants to. */
function lookup() {
  let answer: (user: User | null) => void = () => {};
  const promise = new Promise<User | null>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
}

function guardArgs(path: string, user: Promise<User | null>) {
  const context = new RouterContextProvider();
  context.set(userContext, user);
  const request = new Request(`https://amora.example${path}`);
  return {
    request,
    context,
    params: {},
    url: new URL(request.url),
    pattern: path,
    unstable_pattern: path,
  } as unknown as Parameters<typeof requireUserMiddleware>[0];
}

/** The guard's outcome: what it answered, or what it threw. */
async function outcome(guarded: unknown): Promise<unknown> {
  try {
    return await guarded;
  } catch (thrown) {
    return thrown;
  }
}

const member = (ban: User["ban"] = null) => ({ email: "a@example.com", ban }) as unknown as User;

describe("the login guard (docs/decisions/043)", () => {
  it("lets the page's loaders start before the member's lookup has answered", async () => {
    const { promise, answer } = lookup();
    let started = false;
    const page = new Response("the page");
    const guarded = requireUserMiddleware(guardArgs("/home", promise), async () => {
      started = true;
      return page;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toBe(true);
    answer(member());
    expect(await guarded).toBe(page);
  });

  it("sends a visitor to /login, whatever the loaders made", async () => {
    const { promise, answer } = lookup();
    const guarded = requireUserMiddleware(guardArgs("/home?tab=2", promise), async () => {
      throw new Error("401 from the API: no session");
    });
    answer(null);
    const thrown = await outcome(guarded);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/home?tab=2")}`);
  });

  it("sends a banned member to /pages/ban, except to delete the account or appeal", async () => {
    const banned = member({ decision_id: 7 } as User["ban"]);
    const onHome = await outcome(
      requireUserMiddleware(guardArgs("/home", Promise.resolve(banned)), async () => new Response("x")),
    );
    expect((onHome as Response).headers.get("Location")).toBe("/pages/ban");
    const deleting = await requireUserMiddleware(
      guardArgs("/profile/delete", Promise.resolve(banned)),
      async () => new Response("ok"),
    );
    expect(await (deleting as Response).text()).toBe("ok");
  });

  it("throws the API's failure to say who the member is (the error page), not a redirect", async () => {
    const down = Promise.reject(new Error("API down"));
    const thrown = await outcome(requireUserMiddleware(guardArgs("/home", down), async () => new Response("x")));
    expect(thrown).toEqual(new Error("API down"));
  });
});
