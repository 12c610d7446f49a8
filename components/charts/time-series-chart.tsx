import { ChartFigure } from './chart-figure';
import { LazyTimeSeriesPlot } from './time-series-chart-loader';
import { FAINT_STROKE, type TimePoint, type TimeSeries, type TimeSeriesPlotProps } from './time-series-types';

/** Which line is which, drawn with the page rather than measured and placed by recharts in the browser. */
function SeriesLegend({ series }: { series: TimeSeries[] }) {
  return (
    <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Legend">
      {series.map((s) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <svg width="16" height="8" aria-hidden="true">
            <line x1="0" y1="4" x2="16" y2="4" stroke={s.colour} strokeWidth="2" {...(s.faint && FAINT_STROKE)} />
          </svg>
          {s.name}
        </li>
      ))}
    </ul>
  );
}

export type { TimePoint, TimeSeries };

export interface TimeSeriesChartProps extends Partial<Pick<TimeSeriesPlotProps, 'kind' | 'timeFormat' | 'wholeNumbers' | 'valueMax'>> {
  title: string;
  description: string;
  /** The chart's accessible name: what it shows and where its figures can be read as text. */
  summary: string;
  points: TimePoint[];
  series: TimeSeries[];
  /** The plot's height in pixels, kept by its placeholder while the chart loads. */
  height?: number;
}

/**
 * Values over time, one line (or stacked area) per series, with the figures of a moment on hover.
 * Its caption is drawn with the page; the plot (recharts) arrives in its own chunk after the first
 * paint, so only pages that draw one pay for it, and only once they are on screen.
 */
export function TimeSeriesChart({
  title,
  description,
  summary,
  points,
  series,
  kind = 'line',
  timeFormat = 'day',
  wholeNumbers = true,
  valueMax,
  height = 256,
}: TimeSeriesChartProps) {
  return (
    <ChartFigure title={title} description={description} data-chart="time-series">
      <div className="mt-3" role="img" aria-label={summary}>
        <LazyTimeSeriesPlot
          points={points}
          series={series}
          kind={kind}
          timeFormat={timeFormat}
          wholeNumbers={wholeNumbers}
          valueMax={valueMax}
          height={height}
        />
      </div>
      {series.length > 1 && <SeriesLegend series={series} />}
    </ChartFigure>
  );
}
