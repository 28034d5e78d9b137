/**
 * The route rules as code with full messages (the schema states those it can with if/then, for
 * validators that read the schema alone): a route may advertise a richer path only when it also
 * names the lower safe fallback for clients that cannot use it, every chain ends in a public
 * human-review URL, no public URL carries a secret, and a GET with side effects is never a safe read.
 */
import { findSecret, maskSecret } from './secretScan.ts';
import type { UaiIssue } from './errorCodes.ts';
import { isJsonObject } from './jsonObject.ts';
import { jsonPointer } from './jsonPointer.ts';
import { hasVisibleText } from './visibleText.ts';
import {
  CAPABILITY_FALLBACKS,
  CAPABILITY_LABELS,
  fallbackTargetOf,
  highestPathNeeds,
  isStaticTarget,
  listCapabilities,
  routeUrls,
  sourceOfNeed,
  targetNeeds,
  type Capability,
  type FallbackField,
} from './routeVocabulary.ts';

/**
 * UAI-ROUTE-FALLBACK-MISSING: a rich path without its declared lower fallback, or a fallback that
 * needs what it stands in for.
 */
function fallbackRule(record: Record<string, unknown>, needs: readonly Capability[]): UaiIssue[] {
  const issues: UaiIssue[] = [];
  for (const capability of needs) {
    const field = CAPABILITY_FALLBACKS[capability].declare;
    if (!field) continue;
    if (record[field] === null) {
      const what =
        field === 'restore_readback_url_field'
          ? 'set it to the JSON Pointer of the response member that carries the published readback URL, so agents never guess a private endpoint'
          : capability === 'uri-template'
            ? 'name a concrete page that lists every URL the template stands for, for clients that only GET the URLs they are given'
            : `name the lower safe step (at least the review URL) for clients without ${CAPABILITY_LABELS[capability]}`;
      issues.push({
        code: 'UAI-ROUTE-FALLBACK-MISSING',
        path: jsonPointer([field]),
        message: `the highest path needs ${CAPABILITY_LABELS[capability]} (${sourceOfNeed(capability, record)}) but ${field} is null: ${what}`,
      });
    }
  }
  for (const [capability, { fallbacks }] of Object.entries(CAPABILITY_FALLBACKS) as [
    Capability,
    { fallbacks: readonly FallbackField[] },
  ][]) {
    for (const field of fallbacks) {
      const target = fallbackTargetOf(record, field);
      if (field === 'lowest_safe_fallback' || !target?.needs.includes(capability)) continue;
      issues.push({
        code: 'UAI-ROUTE-FALLBACK-MISSING',
        path: jsonPointer([field, 'needs']),
        message: `${field} is for clients without ${CAPABILITY_LABELS[capability]}, but it needs ${CAPABILITY_LABELS[capability]} itself: point it at a step that does not`,
      });
    }
  }
  // The lowest safe fallback stands in for the whole highest path: it may not need any rich capability that path needs.
  const lowest = fallbackTargetOf(record, 'lowest_safe_fallback');
  const shared = lowest
    ? targetNeeds(lowest).filter((capability) => capability !== 'static-get' && needs.includes(capability))
    : [];
  if (shared.length > 0) {
    issues.push({
      code: 'UAI-ROUTE-FALLBACK-MISSING',
      path: '/lowest_safe_fallback/needs',
      message: `lowest_safe_fallback needs ${listCapabilities(shared)}, like the highest path it stands in for: point it at a step without ${shared.length === 1 ? 'it' : 'them'}`,
    });
  }
  return issues;
}

/**
 * UAI-ROUTE-NO-REVIEW: every chain ends at a public human-review URL, and without a static fallback
 * the no-op is described.
 */
function reviewRule(record: Record<string, unknown>): UaiIssue[] {
  const issues: UaiIssue[] = [];
  if (record.human_review_url === null) {
    issues.push({
      code: 'UAI-ROUTE-NO-REVIEW',
      path: '/human_review_url',
      message:
        "human_review_url is null: every fallback chain ends in human review; set it to the route's section of the public review page, /<locale>/review/#<route_id>",
    });
  }
  const lowest = fallbackTargetOf(record, 'lowest_safe_fallback');
  // Text that shows nothing (white space, invisible characters) describes nothing: it counts as null.
  const noOpAbsent =
    record.no_op_behavior === null ||
    (typeof record.no_op_behavior === 'string' && !hasVisibleText(record.no_op_behavior));
  if (noOpAbsent && !isStaticTarget(lowest)) {
    issues.push({
      code: 'UAI-ROUTE-NO-REVIEW',
      path: '/no_op_behavior',
      message: `no_op_behavior is ${record.no_op_behavior === null ? 'null' : 'blank'} and ${lowest ? 'lowest_safe_fallback needs more than a GET of static pages' : 'there is no lowest_safe_fallback'}: describe the no-op (stop, record what could not be done, return human_review_url)`,
    });
  }
  return issues;
}

/** UAI-ROUTE-SECRET-IN-URL: the shared secret scanner, applied to every public URL of the record. */
function secretRule(record: Record<string, unknown>): UaiIssue[] {
  return routeUrls(record).flatMap(({ path, url }) => {
    const finding = findSecret(url);
    if (!finding) return [];
    const value = maskSecret(url.slice(finding.start, finding.end));
    return [
      {
        code: 'UAI-ROUTE-SECRET-IN-URL',
        path,
        message: `the URL carries ${finding.kind} (${value}): remove it; credentials travel in headers or a private store, never in a public URL`,
      },
    ];
  });
}

/** UAI-ROUTE-UNSAFE-GET: a GET that changes something must say so in get_safety. */
function unsafeGetRule(record: Record<string, unknown>): UaiIssue[] {
  const sideEffect = record.side_effect_status;
  if (
    record.method !== 'GET' ||
    typeof sideEffect !== 'string' ||
    sideEffect === 'none' ||
    record.get_safety === 'side-effecting'
  )
    return [];
  return [
    {
      code: 'UAI-ROUTE-UNSAFE-GET',
      path: '/get_safety',
      message: `a GET with side_effect_status ${sideEffect} is presented as ${JSON.stringify(record.get_safety)}: set get_safety to "side-effecting", or move the action off GET`,
    },
  ];
}

/** The route rules alone (no schema), for any JSON value; each issue names the field to change. */
export function routeRuleIssues(value: unknown): UaiIssue[] {
  if (!isJsonObject(value)) return [];
  return [
    ...fallbackRule(value, highestPathNeeds(value)),
    ...reviewRule(value),
    ...secretRule(value),
    ...unsafeGetRule(value),
  ];
}
