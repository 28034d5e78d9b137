/**
 * How much of one string the claim detector reads: its CLAIM_SCAN_LIMIT when it reads only the
 * start of long strings, undefined when it reads whole strings (and exports no limit). Read here,
 * through the module namespace, so that the policy rules and the code catalogue work with either
 * detector: UAI-TEXT-UNSCANNED exists exactly while a policy check can read part of a string.
 */
import * as supportClaims from './supportClaims.ts';

const limit = (supportClaims as Record<string, unknown>).CLAIM_SCAN_LIMIT;

export const CLAIM_SCAN_LIMIT: number | undefined = typeof limit === 'number' ? limit : undefined;
