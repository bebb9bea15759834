/** Request body of POST /api/account_rescue.php ("This was not me", issue 25). */
import { z } from "zod";

/** The token is checked by hand (a bad one is 410 token_invalid). */
export const AccountRescueBodySchema = z.object({ token: z.unknown().optional() });
export interface AccountRescueBody {
  token: string;
}
