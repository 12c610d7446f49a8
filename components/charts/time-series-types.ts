/** One moment of a series chart: `t` is an ISO 8601 time, each other key one series' value then (null: no value). */
export type TimePoint = { t: string } & Record<string, string | number | null>;

export interface TimeSeries {
  /** The point key holding this series' values. */
  key: string;
  name: string;
  colour: string;
  /** Drawn faintly and dashed: a comparison (the window before), not the figure itself. */
  faint?: boolean;
}

export interface TimeSeriesPlotProps {
  points: TimePoint[];
  series: TimeSeries[];
  /** Lines, or areas stacked on one another (parts of one total). */
  kind: 'line' | 'area';
  /** Tick and tooltip times: a day for daily points, hours and minutes for finer ones. */
  timeFormat: 'day' | 'minute';
  /** Counts never get a fractional value-axis step. */
  wholeNumbers: boolean;
  /** A fixed top of the value axis (100 for a percentage), so a flat 0 % is drawn at the bottom of a full scale. */
  valueMax?: number | undefined;
}

/** How a faint series is stroked, in the plot and in its legend alike. */
export const FAINT_STROKE = { strokeOpacity: 0.45, strokeDasharray: '4 3' } as const;
