import { describe, expect, it } from 'vitest';
import { ReportTypeSchema } from './reports.enums.ts';

describe('reports', () => {
  it('are screenshots or logs', () => {
    expect(ReportTypeSchema.options).toEqual(['screenshot', 'log']);
    expect(ReportTypeSchema.safeParse('video').success).toBe(false);
  });
});
