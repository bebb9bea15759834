import { describe, expect, it } from "vitest";
import {
  fillTemplate,
  isPrivateAddress,
  isPrivateOrLoopbackHost,
  MACRO_VALUE_MAX,
  outboundUrlProblem,
  templateProblem,
} from "./outbound-urls";

describe("fillTemplate", () => {
  it("URL-encodes each value, empties missing ones and leaves the rest of the template alone", () => {
    const url = fillTemplate("https://t.example/pb?c={clickid}&s={sub1}&x={sub5}&n={network}", {
      clickid: "a b&c=d/é",
      sub1: "<script>",
      network: 7,
    });
    expect(url).toBe("https://t.example/pb?c=a%20b%26c%3Dd%2F%C3%A9&s=%3Cscript%3E&x=&n=7");
  });

  it("cuts values to 255 characters (whole characters, not halves of one)", () => {
    const url = fillTemplate("https://t.example/?c={clickid}", { clickid: "😀".repeat(300) });
    expect(decodeURIComponent(new URL(url).searchParams.get("c") ?? "")).toBe("😀".repeat(MACRO_VALUE_MAX));
  });
});

describe("templateProblem and outboundUrlProblem", () => {
  const macros = ["clickid"];
  it("refuses what the API must not call", () => {
    expect(templateProblem("https://t.example/?c={clickid}", macros, false)).toBeNull();
    expect(templateProblem("gopher://t.example/", macros, false)).toBe("not_http");
    expect(templateProblem("https://{clickid}.t.example/", macros, false)).toBe("macro_in_host");
    expect(templateProblem("https://t.example:{clickid}/", macros, false)).not.toBeNull();
    expect(templateProblem("https://127.1/", macros, false)).toBe("private_host");
    expect(outboundUrlProblem("https://[::ffff:127.0.0.1]/", false)).toBe("private_host");
    expect(outboundUrlProblem("http://127.0.0.1:8877/", true)).toBeNull();
  });

  it("knows loopback, private and internal names", () => {
    for (const host of [
      "localhost",
      "a.localhost",
      "10.0.0.1",
      "172.16.0.1",
      "192.168.0.1",
      "169.254.1.1",
      "[::1]",
      "intranet",
    ]) {
      expect(isPrivateOrLoopbackHost(host), host).toBe(true);
    }
    for (const host of ["track.example.com", "8.8.8.8", "[2606:4700::1111]"])
      expect(isPrivateOrLoopbackHost(host), host).toBe(false);
  });
});

describe("the security probe's addresses (issue 25, point 15; docs/decisions/041)", () => {
  const hostOf = (url: string) => new URL(url).hostname;

  it.each([
    // As the probe sent them, through the URL parser (which writes IPv6 in short hex).
    ["IPv4-compatible loopback", "https://[::7f00:1]/"],
    ["IPv4-compatible, dotted", "https://[::127.0.0.1]/"],
    ["IPv4-compatible private", "https://[::a00:1]/"],
    ["IPv4-mapped loopback, hex", "https://[::ffff:7f00:1]/"],
    ["IPv4-mapped private, dotted", "https://[::ffff:192.168.1.1]/"],
    ["IPv4-mapped metadata", "https://[::ffff:169.254.169.254]/"],
    ["NAT64 of loopback", "https://[64:ff9b::7f00:1]/"],
    ["NAT64 of a public address", "https://[64:ff9b::808:808]/"],
    ["local-use NAT64", "https://[64:ff9b:1::a00:1]/"],
    ["6to4 of loopback", "https://[2002:7f00:1::]/"],
    ["6to4 of a public address", "https://[2002:808:808::1]/"],
    ["Teredo", "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/"],
    ["documentation", "https://[2001:db8::1]/"],
    ["site-local", "https://[fec0::1]/"],
    ["multicast", "https://[ff02::1]/"],
    ["unique local", "https://[fd12:3456::1]/"],
    ["link-local", "https://[fe80::1]/"],
    ["unspecified", "https://[::]/"],
    ["discard-only", "https://[100::1]/"],
    ["IPv4 unspecified", "https://0.0.0.0/"],
    ["shared address space (CGN)", "https://100.64.0.1/"],
    ["IETF protocol assignments", "https://192.0.0.8/"],
    ["TEST-NET-1", "https://192.0.2.1/"],
    ["6to4 relay anycast", "https://192.88.99.1/"],
    ["benchmarking", "https://198.18.0.1/"],
    ["TEST-NET-2", "https://198.51.100.7/"],
    ["TEST-NET-3", "https://203.0.113.9/"],
    ["IPv4 multicast", "https://224.0.0.1/"],
    ["reserved", "https://240.0.0.1/"],
    ["broadcast", "https://255.255.255.255/"],
    ["loopback in short form", "https://127.1/"],
    ["loopback as one number", "https://2130706433/"],
    ["loopback in hex", "https://0x7f.0.0.1/"],
    // Names whose DNS answers loopback or a private address: refused by name (a Worker cannot
    // resolve a name before it fetches it).
    ["localtest.me", "https://localtest.me/"],
    ["a subdomain of localtest.me", "https://push.localtest.me/"],
    ["lvh.me", "https://lvh.me/"],
    ["a subdomain of lvh.me", "https://a.lvh.me/"],
    ["nip.io with loopback", "https://127.0.0.1.nip.io/"],
    ["nip.io with a private address inside a name", "https://app.10.0.0.1.nip.io/"],
    ["nip.io, dashed", "https://app-192-168-0-1.nip.io/"],
    ["nip.io, hex", "https://app-7f000001.nip.io/"],
    ["sslip.io with loopback", "https://127-0-0-1.sslip.io/"],
    ["sslip.io with IPv6 loopback (no IPv4 to read)", "https://--1.sslip.io/"],
    ["a home network name", "https://printer.home.arpa/"],
  ])("refuses %s", (_, url) => {
    expect(isPrivateOrLoopbackHost(hostOf(url)), url).toBe(true);
    expect(outboundUrlProblem(url, false), url).toBe("private_host");
  });

  it.each([
    ["a public name", "https://fcm.googleapis.com/"],
    ["a public IPv4 address", "https://8.8.8.8/"],
    ["a public IPv6 address", "https://[2606:4700::1111]/"],
    ["a public IPv4-mapped address", "https://[::ffff:808:808]/"],
    ["nip.io with a public address", "https://app.8.8.8.8.nip.io/"],
    ["a name that only starts like one", "https://localtest.me.example.com/"],
  ])("accepts %s", (_, url) => {
    expect(isPrivateOrLoopbackHost(hostOf(url)), url).toBe(false);
    expect(outboundUrlProblem(url, false), url).toBeNull();
  });

  it("reads resolved addresses the same way (the Node check resolves names)", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "::1",
      "::ffff:127.0.0.1",
      "fe80::1%eth0",
      "64:ff9b::7f00:1",
      "not an address",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ["8.8.8.8", "2606:4700::1111", "142.250.185.10"])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});
