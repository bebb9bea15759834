import type { Config } from "@react-router/dev/config";

export default {
  // Every page renders on the edge and streams; there is no SPA mode.
  ssr: true,
} satisfies Config;
