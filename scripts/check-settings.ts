/**
 * Checks a site's settings JSON before it is saved into the `sites` table: the same schema the
 * API reads them with (StoredSettingsSchema), so a refused postback template or partner feed URL
 * (docs/decisions/025, 026), or any other bad setting, is found before the site stops answering.
 *
 *   tsx scripts/check-settings.ts site.json      (or: … < site.json)
 *
 * Prints each problem with its path (`postbacks.networks.adnet.soi: private_host`) and exits 1,
 * or prints "ok" and exits 0. Under Node, the outbound URLs' host names are also resolved, and a
 * name answering a private or loopback address (localtest.me, say) is refused (scripts/outbound-dns.ts).
 */
import { readFileSync } from "node:fs";
import { StoredSettingsSchema } from "../contract/schemas";
import { privateAnswers } from "./outbound-dns";

const file = process.argv[2];
const text = readFileSync(file ?? 0, "utf8");
let value: unknown;
try {
  value = JSON.parse(text);
} catch (error) {
  console.error(`not JSON: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const result = StoredSettingsSchema.safeParse(value);
if (result.success) {
  const { problems, warnings } = await privateAnswers(result.data);
  for (const warning of warnings) console.warn(warning);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log("ok");
} else {
  for (const issue of result.error.issues) console.error(`${issue.path.join(".") || "(settings)"}: ${issue.message}`);
  process.exit(1);
}
