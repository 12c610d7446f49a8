import { ChartFigure } from './chart-figure';
import { LazyTimeSeriesPlot } from './time-series-chart-loader';
import type { TimePoint, TimeSeries, TimeSeriesPlotProps } from './time-series-types';

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
    </ChartFigure>
  );
}
