import { z } from 'zod';
import { EgyptianMobile, Email, PersonName } from '../users/users.schemas.ts';

export const CONTACT_TITLE_MIN_LENGTH = 3;
export const CONTACT_TITLE_MAX_LENGTH = 100;
export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 2000;

/**
 * A contact request from the site. Signed-in users are known by their token; visitors may leave
 * a name and a way to reach them back.
 */
export const ContactRequest = z.strictObject({
  title: z
    .string()
    .trim()
    .min(CONTACT_TITLE_MIN_LENGTH, 'contact-title-length')
    .max(CONTACT_TITLE_MAX_LENGTH, 'contact-title-length'),
  message: z
    .string()
    .trim()
    .min(CONTACT_MESSAGE_MIN_LENGTH, 'contact-message-length')
    .max(CONTACT_MESSAGE_MAX_LENGTH, 'contact-message-length'),
  name: PersonName.optional(),
  email: Email.optional(),
  phone: EgyptianMobile.optional(),
});
export type ContactRequest = z.infer<typeof ContactRequest>;
