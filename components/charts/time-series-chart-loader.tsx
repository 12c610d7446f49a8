'use client';

import dynamic from 'next/dynamic';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { TimeSeriesPlotProps } from './time-series-types';

function PlotSkeleton() {
  return <div className="h-full animate-pulse rounded-md bg-slate-100" />;
}

// ssr: false — recharts draws nothing useful on the server (it needs the box's measured size), and
// without server rendering Next neither preloads the chunk nor puts it in the page's first scripts.
const TimeSeriesPlot = dynamic(() => import('./time-series-plot'), { ssr: false, loading: PlotSkeleton });

/**
 * True once the box is on screen, or about to be, in a frame the browser has painted, and true from
 * then on. A chart below the fold costs nothing while the page loads: neither the recharts chunk nor
 * the drawing, which takes a phone's main thread for hundreds of milliseconds per chart.
 */
function useShownOnce(box: RefObject<HTMLElement | null>): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || shown) return;
    // Intersection changes are delivered in a task after the frame they were seen in was rendered.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, shown]);
  return shown;
}

/**
 * The plot of a series chart in a box of fixed height: a skeleton until the box is on screen and
 * the recharts chunk has arrived, then the chart, so nothing below it moves.
 */
export function LazyTimeSeriesPlot({ height, ...plot }: TimeSeriesPlotProps & { height: number }) {
  const box = useRef<HTMLDivElement>(null);
  const shown = useShownOnce(box);
  return (
    <div ref={box} style={{ height }} data-testid="time-series-plot">
      {shown ? <TimeSeriesPlot {...plot} /> : <PlotSkeleton />}
    </div>
  );
}
