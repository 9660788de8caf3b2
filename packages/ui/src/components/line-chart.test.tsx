import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../i18n/i18n-provider.tsx';
import { LineChart, type LineSeries, pathOf } from './line-chart.tsx';

const identity = (v: number) => v;

describe('LineChart', () => {
  it("is a figure named by its title whose caption gives each series' latest, lowest and highest value", () => {
    const series: LineSeries[] = [
      { name: 'طلبات', points: [0, 1, 2].map((x) => ({ x, y: [4, 9, 6][x] ?? null })) },
      { name: 'أخطاء', points: [{ x: 0, y: null }], tone: 'error' },
    ];
    render(
      <I18nProvider persist={false}>
        <LineChart title="الطلبات" series={series} formatValue={(v) => `${v}/ث`} formatTime={String} />
      </I18nProvider>,
    );
    const figure = screen.getByRole('figure', { name: 'الطلبات' });
    const items = within(figure).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'طلبات: الآن 6/ث، الأدنى 4/ث، الأعلى 9/ث.',
      'أخطاء: لا قراءات بعد.',
    ]);
  });

  it('says so when no series has a reading', () => {
    render(
      <I18nProvider persist={false}>
        <LineChart title="CPU" series={[{ name: 'CPU', points: [] }]} formatValue={String} formatTime={String} />
      </I18nProvider>,
    );
    expect(screen.getByText('لا قراءات بعد.')).toBeTruthy();
  });

  it('breaks the line at a missing reading and draws a lone reading as a dot', () => {
    const points = [
      { x: 0, y: 1 },
      { x: 1, y: 2 },
      { x: 2, y: null },
      { x: 3, y: 3 },
    ];
    expect(pathOf(points, identity, identity)).toBe('M0.00 1.00 L1.00 2.00 M3.00 3.00 L3.00 3.00');
    expect(pathOf([{ x: 0, y: null }], identity, identity)).toBe('');
  });
});
