import { beforeAll, describe, expect, it } from "vitest";
import { hostReplyProblem } from "./host-reply";

// The first call builds linkify's scanner and compiles the patterns: not a test of its own.
beforeAll(() => {
  hostReplyProblem("warm up");
}, 30_000);

describe("hostReplyProblem", () => {
  it("lets an ordinary reply through, greetings and numbers included", () => {
    for (const text of [
      "Hi Tom! Nice to meet you :) How was your day?",
      "I'm 29 and 1.72 m, born in 1995.",
      "Leuk je te leren kennen! Hoe was je dag?",
      "Schön, dich kennenzulernen. Was machst du am Wochenende?",
      "Ich habe 2 Hunde und 3 Katzen.",
    ]) {
      expect(hostReplyProblem(text), text).toBeNull();
    }
  });

  it("finds links, with or without a scheme", () => {
    expect(hostReplyProblem("look at https://example.com/me")).toBe("link");
    expect(hostReplyProblem("find me on mysite.net")).toBe("link");
    expect(hostReplyProblem("www.example.org is mine")).toBe("link");
  });

  it("finds email addresses", () => {
    expect(hostReplyProblem("write me at anna.b@example.com")).toBe("email");
  });

  it("finds phone numbers, however they are split", () => {
    expect(hostReplyProblem("call 06 1234 5678")).toBe("phone");
    expect(hostReplyProblem("+31 (6) 12-34-56-78")).toBe("phone");
    expect(hostReplyProblem("０６１２３４５６７８")).toBe("phone");
    expect(hostReplyProblem("0612345678")).toBe("phone");
    expect(hostReplyProblem("0 6 1 2 3 4 5 6 7 8")).toBe("phone");
  });

  it("finds payment and messenger handles, with the site's words when given", () => {
    expect(hostReplyProblem("add me on w h a t s a p p")).toBe("handle");
    expect(hostReplyProblem("pay with bizum")).toBe("handle");
    expect(hostReplyProblem("pay with fooopay", ["fooopay"])).toBe("handle");
    expect(hostReplyProblem("pay with bizum", ["fooopay"])).toBeNull();
  });

  it("finds proposals to meet, in the seven languages", () => {
    for (const text of [
      "Let's meet tomorrow?",
      "We could meet up at the station",
      "Come over to my place",
      "Zullen we afspreken?",
      "Wollen wir uns treffen?",
      "On se voit ce soir ?",
      "¿Quedamos mañana?",
      "Possiamo vederci stasera",
      "Spotkajmy się jutro",
    ]) {
      expect(hostReplyProblem(text), text).toBe("meeting");
    }
  });
});
