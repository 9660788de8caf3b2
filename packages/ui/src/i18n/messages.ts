import type { Gender, GenderForms } from '@darsak/domain/users';

/**
 * The shapes a catalogue message takes. Most are plain text with `{name}` placeholders; a counted noun gives one
 * text per plural category of the language (Intl.PluralRules: Arabic has zero, one, two, few, many and other,
 * English one and other), chosen by the `count` variable; wording about a person gives a masculine and a feminine
 * text, chosen by the `gender` variable (masculine when the gender is not known).
 */
export type PluralForms = { readonly other: string } & {
  readonly [category in Exclude<Intl.LDMLPluralRule, 'other'>]?: string;
};
export type { Gender, GenderForms };
export type Message = string | PluralForms | GenderForms;

/**
 * Another language's catalogue for the same keys: a counted message stays counted; a gendered one may be plain
 * text in a language whose wording does not change (English "New tutor").
 */
export type Translation<Source> = {
  readonly [K in keyof Source]: Source[K] extends string
    ? string
    : Source[K] extends PluralForms
      ? PluralForms
      : string | GenderForms;
};

export const isPluralForms = (message: Message): message is PluralForms =>
  typeof message === 'object' && 'other' in message;

export const isGenderForms = (message: Message): message is GenderForms =>
  typeof message === 'object' && 'male' in message;

/** Messages of one catalogue by key (a feature's, or the common one). */
export type Messages = Readonly<Record<string, Message>>;

/**
 * A feature's catalogue in every language. Arabic, the default, is at hand (it rides in the bundle of whatever
 * registers it); another language is fetched together with the rest of that language's catalogue.
 */
export interface FeatureMessages {
  readonly ar: Messages;
  readonly en: () => Promise<Messages>;
}
