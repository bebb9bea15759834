import { Hono } from "hono";
import type { ApiContext } from "../context";

// Stub: being written (issue 3).
export const geocode = new Hono<ApiContext>();
