import { z } from 'zod';

/** Arabic letters with their diacritics (tashkeel), without tatweel, digits or punctuation. */
const AR_LETTER = '\\u0621-\\u063A\\u0641-\\u064A\\u064B-\\u0652\\u0670-\\u06D3';
/** The Arabic script blocks: letters, Arabic punctuation (، ؛ ؟) and Arabic-Indic digits. */
const AR_SCRIPT = '\\u0600-\\u06FF\\u0750-\\u077F';

/** Spec §5: 5 or more Arabic characters or spaces (bio and tutor about). */
export const ARABIC_TEXT_PATTERN = new RegExp(`^[${AR_SCRIPT}\\s]{5,}$`, 'u');
/**
 * What the bio and about fields accept: the spec pattern plus the ASCII punctuation and digits an
 * Arabic keyboard also types ("." "!" "2"), so a sentence ending in a full stop is not refused.
 */
export const ARABIC_PROSE_PATTERN = new RegExp(`^[${AR_SCRIPT}\\s0-9.,!?:;()"'\\-]{5,}$`, 'u');
/** Spec §5 name rule: only Latin or Arabic letters and spaces. */
export const NAME_PATTERN = new RegExp(`^[A-Za-z${AR_LETTER} ]+$`, 'u');
/** Spec §5 tutor name: Arabic letters only, at least two parts of two letters or more. */
export const ARABIC_TWO_PART_NAME_PATTERN = new RegExp(`^[${AR_LETTER}]{2,}(?: [${AR_LETTER}]{2,})+$`, 'u');
const HAS_ARABIC_LETTER = new RegExp(`[${AR_LETTER}]`, 'u');

/** Trims and folds runs of whitespace into one space, so "محمد   أحمد" counts as two parts. */
export const collapseSpaces = (value: string): string => value.trim().replace(/\s+/g, ' ');

/** Names, spaces collapsed. Length bounds are added by the field that uses it. */
export const NameText = z.string().overwrite(collapseSpaces).regex(NAME_PATTERN, 'name-letters-only');

export const ArabicTwoPartNameText = z
  .string()
  .overwrite(collapseSpaces)
  .regex(ARABIC_TWO_PART_NAME_PATTERN, 'name-two-arabic-parts');

/** Arabic prose (line breaks kept); at least one Arabic letter so "12345" is not Arabic text. */
export const ArabicProseText = z
  .string()
  .trim()
  .regex(ARABIC_PROSE_PATTERN, 'arabic-text-required')
  .regex(HAS_ARABIC_LETTER, 'arabic-text-required');
