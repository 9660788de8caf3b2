import { describe, expect, it } from 'vitest';
import { ReportStatusSchema, ReportTypeSchema } from './reports.enums.ts';
import { ReportFields, ReportUpdateInput } from './reports.schemas.ts';

describe('reports', () => {
  it('are screenshots or logs', () => {
    expect(ReportTypeSchema.options).toEqual(['screenshot', 'log']);
    expect(ReportTypeSchema.safeParse('video').success).toBe(false);
  });

  it('are open, in progress or resolved (DESIGN §4)', () => {
    expect(ReportStatusSchema.options).toEqual(['open', 'in_progress', 'resolved']);
    expect(ReportStatusSchema.safeParse('dismissed').success).toBe(false);
  });

  it('need a title and a description, trimmed', () => {
    expect(ReportFields.parse({ title: ' بطء ', description: ' الصفحة بطيئة ' })).toEqual({
      title: 'بطء',
      description: 'الصفحة بطيئة',
    });
    const blank = ReportFields.safeParse({ title: '   ', description: '' });
    expect(blank.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['title', 'required'],
      ['description', 'required'],
    ]);
    expect(ReportFields.safeParse({ title: 'x'.repeat(121), description: 'y' }).success).toBe(false);
    expect(ReportFields.safeParse({ title: 'x', description: 'y', reporterId: 3 }).success).toBe(false);
  });

  it('are resolved only with a note', () => {
    expect(ReportUpdateInput.safeParse({ status: 'in_progress' }).success).toBe(true);
    const bare = ReportUpdateInput.safeParse({ status: 'resolved', note: '  ' });
    expect(bare.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['note', 'required']]);
    expect(ReportUpdateInput.safeParse({ status: 'resolved', note: 'أصلحناها' }).success).toBe(true);
  });
});
