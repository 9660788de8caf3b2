// Without zod: the app's translations word every message by gender, so this module is on every page's first load
// (a module shares its chunk with every value any page uses from it).

export const Gender = { male: 'male', female: 'female' } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];

/** A wording in both genders: Arabic agrees verbs, adjectives and nouns with the person addressed or named. */
export interface GenderForms<T = string> {
  readonly male: T;
  readonly female: T;
}

/** The wording for a person: the feminine for a woman, the masculine (Arabic's default) when the gender is unknown. */
export const byGender = <T>(gender: unknown, forms: GenderForms<T>): T =>
  gender === Gender.female ? forms.female : forms.male;
