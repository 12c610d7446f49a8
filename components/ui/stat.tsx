import type { ReactNode } from 'react';
import { Card } from './card';
import { cx } from './class-names';

const TONE = { neutral: '', good: 'text-emerald-700', warn: 'text-amber-700', bad: 'text-red-700' } as const;
// A headline figure, or a line of text that would not fit at headline size.
const SIZE = { figure: 'mt-1 text-2xl font-semibold', text: 'mt-1 text-sm font-medium' } as const;

export interface StatProps {
  label: ReactNode;
  value: ReactNode;
  /** A line under the figure: what it counts, or since when. */
  hint?: ReactNode;
  /** Colours the figure; the label and hint say in words what the colour means. */
  tone?: keyof typeof TONE;
  size?: keyof typeof SIZE;
  /** Set on the figure, where tests read it. */
  valueTestId?: string;
}

/**
 * A labelled figure in a card. It is a `dt`/`dd` group, so it stands inside a `<dl>` that holds
 * the page's figures together and is read out as label then value.
 */
export function Stat({ label, value, hint, tone = 'neutral', size = 'figure', valueTestId }: StatProps) {
  return (
    <Card padding="sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={cx(SIZE[size], TONE[tone])} data-testid={valueTestId}>
        {value}
      </dd>
      {hint !== undefined && <dd className="mt-1 text-xs text-slate-500">{hint}</dd>}
    </Card>
  );
}
