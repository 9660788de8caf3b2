import { z } from 'zod';

/** Arabic letters with their diacritics (tashkeel), without tatweel, digits or punctuation. */
const AR_LETTER = '\\u0621-\\u063A\\u0641-\\u064A\\u064B-\\u0652\\u0670-\\u06D3';
/** The Arabic script blocks: letters, Arabic punctuation (، ؛ ؟) and Arabic-Indic digits. */
const AR_SCRIPT = '\\u0600-\\u06FF\\u0750-\\u077F';

/** Spec §5: 5 or more Arabic characters or spaces (bio and tutor about). */
export const ARABIC_TEXT_PATTERN = new RegExp(`^[${AR_SCRIPT}\\s]{5,}$`, 'u');
/**
 * The characters the bio and about fields accept: the spec's Arabic script and spaces, the ASCII punctuation and
 * digits an Arabic keyboard also types ("." "!" "2"), and Latin letters for names such as IELTS or CELTA.
 */
const PROSE_CHARACTERS = new RegExp(`^[${AR_SCRIPT}\\sA-Za-z0-9.,!?:;()"'/&+\\-]*$`, 'u');
/** Spec §5: the bio and about are at least 5 characters long. */
export const PROSE_MIN_LENGTH = 5;
/**
 * "Mainly Arabic": at least this share of a text's letters (Arabic and Latin) are Arabic. It leaves room to name
 * certificates and exams in Latin letters inside an Arabic text ("حاصل على شهادة CELTA"), not to write it in English.
 */
export const ARABIC_LETTER_SHARE = 0.6;
const ARABIC_LETTERS = new RegExp(`[${AR_LETTER}]`, 'gu');
const LATIN_LETTERS = /[A-Za-z]/g;

/** The share of a text's letters that are Arabic (0 when it has none). */
export function arabicLetterShare(text: string): number {
  const arabic = text.match(ARABIC_LETTERS)?.length ?? 0;
  const letters = arabic + (text.match(LATIN_LETTERS)?.length ?? 0);
  return letters === 0 ? 0 : arabic / letters;
}
/** Spec §5 name rule: only Latin or Arabic letters and spaces. */
export const NAME_PATTERN = new RegExp(`^[A-Za-z${AR_LETTER} ]+$`, 'u');
/** Spec §5 tutor name: Arabic letters only, at least two parts of two letters or more. */
export const ARABIC_TWO_PART_NAME_PATTERN = new RegExp(`^[${AR_LETTER}]{2,}(?: [${AR_LETTER}]{2,})+$`, 'u');

/** Trims and folds runs of whitespace into one space, so "محمد   أحمد" counts as two parts. */
export const collapseSpaces = (value: string): string => value.trim().replace(/\s+/g, ' ');

/** Names, spaces collapsed. Length bounds are added by the field that uses it. */
export const NameText = z.string().overwrite(collapseSpaces).regex(NAME_PATTERN, 'name-letters-only');

export const ArabicTwoPartNameText = z
  .string()
  .overwrite(collapseSpaces)
  .regex(ARABIC_TWO_PART_NAME_PATTERN, 'name-two-arabic-parts');

/**
 * Arabic prose (line breaks kept): long enough, of the accepted characters, and mainly Arabic letters, each
 * refused with its own message so the writer learns what to change.
 */
export const ArabicProseText = z
  .string()
  .trim()
  .min(PROSE_MIN_LENGTH, 'text-too-short')
  .regex(PROSE_CHARACTERS, 'text-characters')
  .refine((text) => arabicLetterShare(text) >= ARABIC_LETTER_SHARE, 'arabic-text-mainly');
