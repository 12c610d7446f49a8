import type { ReactNode } from 'react';
import { Card, CardTitle } from '@/components/ui/card';

export interface ChartFigureProps {
  title: string;
  description: string;
  className?: string;
  /** Marks a chart whose code loads after the first paint, for the pages bench (bench/page-weight.ts). */
  'data-chart'?: string;
  children: ReactNode;
}

/** A chart's card: its title and one line about what it shows, above the plot. */
export function ChartFigure({ title, description, children, ...rest }: ChartFigureProps) {
  return (
    <Card as="figure" padding="sm" {...rest}>
      <figcaption>
        <CardTitle as="p" size="md">
          {title}
        </CardTitle>
        <p className="text-xs text-slate-600">{description}</p>
      </figcaption>
      {children}
    </Card>
  );
}
