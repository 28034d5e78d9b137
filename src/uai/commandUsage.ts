/**
 * The `uaix` usage text: printed by the CLI, shown on the validator page and in the README. Data
 * about the command, so the core holds it and every layer may read it.
 */
export const USAGE = `usage: uaix <command> [options]

  validate [--json] [--now <date-time>] <file|->...   validate packets (keyed or keyless)
  compact <file|->                                    keyed packet -> keyless form
  expand <file|->                                     keyless packet -> keyed form
  digest <file|->                                     sha256:<hex> of the canonical packet
  canonicalize <file|->                               RFC 8785 (JCS) bytes of a JSON document
  check-fixtures [--json]                             check every published fixture
  route check [--json] <file|->...                    check route records
  route resolve <file|-> --client <kind> [--json]     what a client kind does on a route

Exit codes: 0 valid / done, 1 invalid input, 2 usage error or unreadable input.
A file over 4 MiB (4194304 bytes) is invalid input: UAI-JSON-TOO-LARGE, as in the library.
- is standard input; name it once. Output to a closed pipe (| head) ends quietly.
--now pins the clock for UAI-EXPIRED (RFC 3339 UTC, e.g. 2026-06-01T00:00:00Z).`;
