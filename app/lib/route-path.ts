/**
 * A route's path, checked by the compiler against the route table as React Router's `href()`
 * checks it, for paths without parameters (the resource routes browser code fetches). It ships
 * nothing but the string: `href()` would bring its parameter-filling code (about 0.4 KB
 * compressed) into the sign-up page's first load (docs/architecture.md §3 rule 6).
 */
import type { href } from "react-router";

type RoutePattern = Parameters<typeof href>[0];
type PlainPath = Exclude<RoutePattern, `${string}:${string}` | `${string}*${string}`>;

export function routePath<P extends PlainPath>(path: P): P {
  return path;
}
