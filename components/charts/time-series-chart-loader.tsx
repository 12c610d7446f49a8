'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import type { TimeSeriesPlotProps } from './time-series-types';

function PlotSkeleton() {
  return <div className="h-full animate-pulse rounded-md bg-slate-100" />;
}

// ssr: false — recharts draws nothing useful on the server (it needs the box's measured size), and
// without server rendering Next neither preloads the chunk nor puts it in the page's first scripts.
const TimeSeriesPlot = dynamic(() => import('./time-series-plot'), { ssr: false, loading: PlotSkeleton });

/** True from the frame after the first one the browser painted. */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A timeout queued inside an animation frame runs once that frame is on screen.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * The plot of a series chart in a box of fixed height: a skeleton until the page has painted and
 * the recharts chunk has arrived, then the chart, so nothing below it moves.
 */
export function LazyTimeSeriesPlot({ height, ...plot }: TimeSeriesPlotProps & { height: number }) {
  const painted = usePainted();
  return (
    <div style={{ height }} data-testid="time-series-plot">
      {painted ? <TimeSeriesPlot {...plot} /> : <PlotSkeleton />}
    </div>
  );
}
