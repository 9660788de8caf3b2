/**
 * Form schemas of the web and admin apps, composed from the domain's field schemas. Form inputs are
 * strings; these add "required" for empty fields and turn optional blanks into null or undefined.
 * Issue messages are field-message keys (FIELD_MESSAGES_AR/EN in @darsak/domain/common).
 */

import { ContactRequest } from '@darsak/domain/contact';
import { NoticePeriodMinutes } from '@darsak/domain/lessons';
import { ReportFields } from '@darsak/domain/reports';
import {
  ArabicTwoPartName,
  BirthYear,
  EgyptianMobile,
  Email,
  EnglishLevelSchema,
  GenderSchema,
  GovernorateIdSchema,
  Password,
  PersonName,
  passwordsMatch,
  TutorAbout,
  TutorBio,
} from '@darsak/domain/users';
import { VerificationCode } from '@darsak/domain/verification';
import { z } from 'zod';

const required = () => z.string().trim().min(1, 'required');

/** A blank optional field is absent (null); otherwise it must pass `schema`. */
const blankAsNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullable());

/** A blank optional field is left out; otherwise it must pass `schema`. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const numberOrNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (value === '' || value === null || value === undefined) return null;
    return typeof value === 'string' ? Number(value) : value;
  }, schema.nullable());

/**
 * Sign-in checks presence only: accounts made before a rule changed (or local demo accounts) must still
 * get in; the server answers wrong-password for anything unknown.
 */
export const SignInForm = z.object({
  email: required().toLowerCase(),
  password: z.string().min(1, 'required'),
});
export type SignInFormInput = z.input<typeof SignInForm>;

export const registerForm = (role: 'student' | 'tutor') =>
  z
    .object({
      name: required().pipe(role === 'tutor' ? ArabicTwoPartName.pipe(PersonName) : PersonName),
      email: required().pipe(Email),
      password: required().pipe(Password),
      confirmPassword: required(),
      phone: blankAsAbsent(EgyptianMobile),
    })
    .superRefine(passwordsMatch);
export type RegisterFormInput = z.input<ReturnType<typeof registerForm>>;

export const EmailForm = z.object({ email: required().pipe(Email) });
export type EmailFormInput = z.input<typeof EmailForm>;

export const CodeForm = z.object({ code: required().pipe(VerificationCode) });
export type CodeFormInput = z.input<typeof CodeForm>;

export const NewPasswordForm = z
  .object({ password: required().pipe(Password), confirmPassword: required() })
  .superRefine(passwordsMatch);
export type NewPasswordFormInput = z.input<typeof NewPasswordForm>;

/** A signed-in password change: the current password (presence only, as at sign-in), then the new one twice. */
export const ChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, 'required'),
    password: required().pipe(Password),
    confirmPassword: required(),
  })
  .superRefine(passwordsMatch);
export type ChangePasswordFormInput = z.input<typeof ChangePasswordForm>;

/** A new e-mail or mobile number, proven by the current password (the code comes next). */
export const contactChangeForm = (kind: 'email' | 'phone') =>
  z.object({
    value: required().pipe(kind === 'email' ? Email : EgyptianMobile),
    currentPassword: z.string().min(1, 'required'),
  });
export type ContactChangeFormInput = z.input<ReturnType<typeof contactChangeForm>>;

/** The profile's main information (complete-profile step 1 and the profile page). */
/**
 * Main info. On the profile page the contact and personal fields may stay blank; completing the profile
 * (`complete`) needs every one the server's completion needs (phone, governorate, birth year, gender), so a saved
 * first step is a done one and the stepper moves past it when it opens again.
 */
export const mainInfoForm = (role: 'student' | 'tutor', purpose: 'edit' | 'complete' = 'edit') => {
  const needed = purpose === 'complete';
  const numberField = <T extends z.ZodType<unknown, number>>(schema: T) =>
    needed ? required().transform(Number).pipe(schema) : numberOrNull(schema);
  const textField = <T extends z.ZodType<unknown, string>>(schema: T) =>
    needed ? required().pipe(schema) : blankAsNull(schema);
  return z.object({
    name: required().pipe(role === 'tutor' ? ArabicTwoPartName.pipe(PersonName) : PersonName),
    phone: textField(EgyptianMobile),
    governorate: numberField(GovernorateIdSchema),
    birthYear: numberField(BirthYear),
    gender: textField(GenderSchema),
    job: blankAsNull(z.string().trim().max(100, 'text-too-long')),
  });
};
export type MainInfoFormInput = z.input<ReturnType<typeof mainInfoForm>>;

/** Tutor bio and about, both in Arabic. */
export const TutorBioForm = z.object({ bio: required().pipe(TutorBio), about: required().pipe(TutorAbout) });
export type TutorBioFormInput = z.input<typeof TutorBioForm>;

/** The student's learner profile: English level and goal. */
export const StudentAboutForm = z.object({
  englishLevel: numberOrNull(EnglishLevelSchema),
  goal: blankAsNull(z.string().trim().max(300, 'text-too-long')),
});
export type StudentAboutFormInput = z.input<typeof StudentAboutForm>;

export const NoticePeriodForm = z.object({
  noticePeriodMinutes: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    NoticePeriodMinutes,
  ),
});
export type NoticePeriodFormInput = z.input<typeof NoticePeriodForm>;

/** The site's contact form: a title and a message, and optionally who to answer and how. */
export const ContactForm = z.object({
  title: required().pipe(ContactRequest.shape.title),
  message: required().pipe(ContactRequest.shape.message),
  name: blankAsAbsent(PersonName),
  email: blankAsAbsent(Email),
  phone: blankAsAbsent(EgyptianMobile),
});
export type ContactFormInput = z.input<typeof ContactForm>;

/** A problem report's own words; the page, screenshot and log ride along (the report dialog). */
export const ReportTextForm = ReportFields.pick({ title: true, description: true });

// Forms whose fields are a domain input as it is.
export { ReplaceSlotsInput as WeeklyScheduleForm } from '@darsak/domain/availability';
export { UpdateRatingInput as RatingForm } from '@darsak/domain/ratings';
