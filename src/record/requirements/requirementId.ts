/** The form of a requirement id, `UAI1-<AREA>-<NNN>`: an identifier, the same in every language. */
export const REQUIREMENT_ID_PATTERN = /^UAI1-[A-Z]+-[0-9]{3}$/;

/** Every requirement id in a text (an identifier, which prose checks must not read as words). */
export const REQUIREMENT_IDS_IN_TEXT = /(?<![\p{L}\p{N}_-])UAI1-[A-Z]+-[0-9]{3}(?![\p{L}\p{N}_])/gu;
