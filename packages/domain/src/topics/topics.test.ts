import { describe, expect, it } from 'vitest';
import { Topic, TopicNameAr, TopicNameEn } from './topics.schemas.ts';

describe('topics', () => {
  it('bounds each name to 2..60 characters', () => {
    expect(TopicNameAr.safeParse('سف').success).toBe(true);
    expect(TopicNameAr.safeParse('س'.repeat(60)).success).toBe(true);
    expect(TopicNameAr.safeParse('س').error?.issues[0]?.message).toBe('topic-name-length');
    expect(TopicNameAr.safeParse('س'.repeat(61)).success).toBe(false);
    expect(TopicNameEn.safeParse('Go').success).toBe(true);
    expect(TopicNameEn.safeParse('x'.repeat(61)).success).toBe(false);
  });

  it('keeps each name in its own script', () => {
    expect(TopicNameAr.safeParse('القراءة والكتابة').success).toBe(true);
    expect(TopicNameAr.safeParse('Reading').error?.issues[0]?.message).toBe('topic-name-script');
    expect(TopicNameAr.safeParse('١٢٣').success).toBe(false);
    expect(TopicNameEn.safeParse('IELTS & TOEFL').success).toBe(true);
    expect(TopicNameEn.safeParse('القراءة').success).toBe(false);
    expect(TopicNameEn.safeParse('123').success).toBe(false);
  });

  it('needs both names, spaces collapsed', () => {
    expect(Topic.parse({ nameAr: '  السفر   والسياحة ', nameEn: ' Travel  ' })).toEqual({
      nameAr: 'السفر والسياحة',
      nameEn: 'Travel',
    });
    expect(Topic.safeParse({ nameAr: 'السفر' }).success).toBe(false);
  });
});
