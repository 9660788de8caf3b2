import { z } from 'zod';
import { collapseSpaces } from '../common/text.ts';

export const TOPIC_NAME_MIN_LENGTH = 2;
export const TOPIC_NAME_MAX_LENGTH = 60;

/** Arabic script, spaces and light punctuation ("القراءة والكتابة"، "أعمال - مقابلات"). */
export const TOPIC_NAME_AR_PATTERN = /^(?=.*[\u0621-\u064A])[\u0600-\u06FF0-9 &'()/-]+$/u;
/** Latin letters, digits, spaces and light punctuation ("IELTS & TOEFL"). */
export const TOPIC_NAME_EN_PATTERN = /^(?=.*[A-Za-z])[A-Za-z0-9 &'()/,.-]+$/;

const topicName = (pattern: RegExp) =>
  z
    .string()
    .overwrite(collapseSpaces)
    .min(TOPIC_NAME_MIN_LENGTH, 'topic-name-length')
    .max(TOPIC_NAME_MAX_LENGTH, 'topic-name-length')
    .regex(pattern, 'topic-name-script');

export const TopicNameAr = topicName(TOPIC_NAME_AR_PATTERN);
export const TopicNameEn = topicName(TOPIC_NAME_EN_PATTERN);

/** Create or rename a topic: both names are required. */
export const Topic = z.object({ nameAr: TopicNameAr, nameEn: TopicNameEn });
export type Topic = z.infer<typeof Topic>;
