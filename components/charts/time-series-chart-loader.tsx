'use client';

import { useEffect, useState, type ComponentType } from 'react';
import type { TimeSeriesPlotProps } from './time-series-types';

function PlotSkeleton() {
  return <div className="h-full animate-pulse rounded-md bg-slate-100" />;
}

type Plot = ComponentType<TimeSeriesPlotProps>;

/** Resolves once the frame on screen now has been painted (a timeout queued inside an animation frame runs after it). */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

// Every chart of the page takes its turn. Drawn together, the health view's four charts were one
// task of about 200 ms on a desktop here (a long task blocks input, and Lighthouse counts it as
// blocking time); one at a time, each is a task of its own with a painted frame between them.
let lastTurn: Promise<unknown> = Promise.resolve();

/**
 * The plot's code, once the page has painted and every chart before this one is drawn. The import
 * is its own chunk (recharts is about 120 KiB of gzip JavaScript): not server-rendered, since
 * recharts needs the box's measured size, and so neither preloaded nor in the page's first scripts.
 */
function takeTurn(): Promise<Plot> {
  const turn = lastTurn
    .then(afterPaint)
    .then(() => import('./time-series-plot'))
    .then((module) => module.default);
  // The next chart waits for a painted frame after this one was handed its plot.
  lastTurn = turn.then(afterPaint, afterPaint);
  return turn;
}

/**
 * The plot of a series chart in a box of fixed height: a skeleton until the page has painted, the
 * recharts chunk has arrived and the charts before it are drawn, then the chart, so nothing below
 * it moves.
 */
export function LazyTimeSeriesPlot({ height, ...plot }: TimeSeriesPlotProps & { height: number }) {
  const [TimeSeriesPlot, setPlot] = useState<Plot | 'failed' | null>(null);
  useEffect(() => {
    let gone = false;
    takeTurn().then(
      (loaded) => {
        if (!gone) setPlot(() => loaded);
      },
      () => {
        if (!gone) setPlot('failed');
      },
    );
    return () => {
      gone = true;
    };
  }, []);
  return (
    <div style={{ height }} data-testid="time-series-plot">
      {TimeSeriesPlot === 'failed' ? (
        <p className="text-sm text-slate-600">
          The chart could not be loaded (reload the page to try again); its figures are in the table.
        </p>
      ) : TimeSeriesPlot ? (
        <TimeSeriesPlot {...plot} />
      ) : (
        <PlotSkeleton />
      )}
    </div>
  );
}
