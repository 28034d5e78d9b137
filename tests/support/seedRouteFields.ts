/**
 * The route-record fields the seed names (UAIX-DOC-3382, "Agent Fallbacks and Full-Spectrum
 * Support"), in the seed's order: written out here, not read from the schema, so the tests check the
 * schema and the pages against the seed.
 */
export const SEED_ROUTE_FIELDS = [
  'highest_supported_path',
  'lowest_safe_fallback',
  'method',
  'content_type',
  'side_effect_status',
  'fetch_execution_class',
  'required_fields',
  'result_url_field',
  'restore_readback_url_field',
  'write_credential_response_path',
  'browser_form_equivalent',
  'get_safety',
  'post_blocked_fallback',
  'live_get_blocked_fallback',
  'mcp_unavailable_fallback',
  'auth_unavailable_fallback',
  'tool_unavailable_fallback',
  'human_review_url',
  'no_op_behavior',
];
