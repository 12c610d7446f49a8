import { stringify } from 'csv-stringify/sync';
import { neutraliseFormula } from '@/lib/ui/csv-cell';
import type { UsageSeries } from './series';
import type { ThresholdStanding } from './thresholds';

const STATE_WORDS = { closed: 'final', provisional: 'provisional', not_read: 'not read yet' } as const;
const cell = (value: number | null) => (value === null ? '' : value);

const markOf = (t: ThresholdStanding) => (t.over ? 'over' : t.forecastOver ? 'forecast to pass' : 'within');

/**
 * The daily series as CSV, row for row what the charts draw: each day with its state, its figures
 * (empty where the chart has a gap), and the day of the window before that the dashed line pairs it with.
 * The scope's monthly threshold and its mark are on the rows of the month they are for.
 */
export function seriesCsv(series: UsageSeries, threshold: ThresholdStanding | null = null, month = ''): string {
  const header = [
    'day',
    'state',
    'client',
    'ai',
    'operator',
    'messages',
    'units',
    'previous_day',
    'previous_messages',
    'previous_units',
    'monthly_threshold',
    'threshold_mark',
  ];
  const rows = series.points.map((p, i) => {
    const before = series.previous[i];
    return [
      p.day,
      STATE_WORDS[p.state],
      cell(p.client),
      cell(p.ai),
      cell(p.operator),
      cell(p.messages),
      cell(p.units),
      before?.day ?? '',
      cell(before?.messages ?? null),
      cell(before?.units ?? null),
      threshold && p.day.startsWith(month) ? threshold.monthlyUnits : '',
      threshold && p.day.startsWith(month) ? markOf(threshold) : '',
    ].map((v) => (typeof v === 'string' ? neutraliseFormula(v) : v));
  });
  return stringify([header, ...rows], { bom: true });
}
