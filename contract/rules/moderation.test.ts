import { describe, expect, it } from "vitest";
import {
  CASE_REFERENCE,
  conversationIdInSubject,
  imageFileInSubject,
  memberIdInSubject,
  photoNumberInSubject,
} from "./moderation";

describe("what a notice names", () => {
  it("finds the member in an id or a member page's URL, and nothing else", () => {
    expect(memberIdInSubject("12")).toBe(12);
    expect(memberIdInSubject(" https://amora.example/members/12 ")).toBe(12);
    expect(memberIdInSubject("/members/12/")).toBe(12);
    expect(memberIdInSubject("/likes/m/12")).toBe(12);
    expect(memberIdInSubject("/members/12/chat")).toBe(12);
    expect(memberIdInSubject("/members/12#photo-2")).toBe(12);
    expect(memberIdInSubject("/members/12?x=1")).toBe(12);
    for (const text of [
      "",
      "0",
      "-1",
      "1.5",
      "abc",
      "/members",
      "/members/abc",
      "/members/12/likes",
      "/pricing",
      "12abc",
      "<b>12</b>",
    ]) {
      expect(memberIdInSubject(text), text).toBeNull();
    }
  });

  it("finds a photo's number, a chat and an image file", () => {
    expect(photoNumberInSubject("/members/12#photo-2")).toBe(2);
    expect(photoNumberInSubject("/members/12#photo-0")).toBeNull();
    expect(photoNumberInSubject("/members/12")).toBeNull();
    expect(conversationIdInSubject("https://amora.example/chats/7")).toBe(7);
    expect(conversationIdInSubject("/chats")).toBeNull();
    expect(imageFileInSubject("https://amora.example/api/images/abc-def.jpg")).toBe("abc-def.jpg");
    expect(imageFileInSubject("/members/12")).toBeNull();
  });

  it("references are R- or N- and 8 characters without look-alikes", () => {
    expect(CASE_REFERENCE.test("R-7K3M9Q2X")).toBe(true);
    expect(CASE_REFERENCE.test("N-ABCDEFGH")).toBe(true);
    expect(CASE_REFERENCE.test("R-7K3M9Q2O")).toBe(false);
    expect(CASE_REFERENCE.test("X-7K3M9Q2X")).toBe(false);
    expect(CASE_REFERENCE.test("R-7K3M9Q2X<")).toBe(false);
  });
});
