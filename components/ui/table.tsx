import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { Card } from './card';
import { cx } from './class-names';

/**
 * How much room a table's cells take: `normal` for listings, `roomy` where a row carries controls
 * (its body cells are taller than its header), `compact` for a small table inside a card.
 */
export type TableDensity = 'normal' | 'roomy' | 'compact';

const HEAD_PADDING: Record<TableDensity, string> = { normal: 'px-3 py-2', roomy: 'px-4 py-2', compact: 'py-1' };
const CELL_PADDING: Record<TableDensity, string> = { normal: 'px-3 py-2', roomy: 'px-4 py-3', compact: 'py-1' };

export type TableProps = ComponentPropsWithoutRef<'table'> & {
  /** In its own card (the default), or bare inside a card that already frames it. */
  framed?: boolean;
  /** Classes for the framing card: its margin, its overflow. */
  frameClassName?: string;
  /** On a narrow screen each row becomes a block of labelled cells (`stack-table` in globals.css; cells need `data-label`). */
  stacked?: boolean;
};

export function Table({ framed = true, frameClassName, stacked = true, className, ...rest }: TableProps) {
  const table = <table className={cx(stacked && 'stack-table', 'w-full text-left text-sm', className)} {...rest} />;
  return framed ? (
    <Card padding="none" className={frameClassName}>
      {table}
    </Card>
  ) : (
    table
  );
}

/** A caption for screen readers: the page's heading already names the table for the eye. */
export function TableCaption({ children }: { children: ReactNode }) {
  return <caption className="sr-only">{children}</caption>;
}

/** The head row group; `tinted` gives it the grey band that listings have. */
export function TableHeader({ tinted = true, ...rest }: ComponentPropsWithoutRef<'thead'> & { tinted?: boolean }) {
  return <thead className={tinted ? 'bg-slate-50 text-slate-600' : 'text-slate-600'} {...rest} />;
}

export function TableBody(props: ComponentPropsWithoutRef<'tbody'>) {
  return <tbody {...props} />;
}

export function TableRow({ className, ...rest }: ComponentPropsWithoutRef<'tr'>) {
  return <tr className={cx('border-t border-slate-100', className)} {...rest} />;
}

type CellOptions = {
  density?: TableDensity;
  /** Right-aligned; body cells also get figures of one width so a column's digits line up. */
  numeric?: boolean;
};

export type TableHeadProps = Omit<ComponentPropsWithoutRef<'th'>, 'scope'> &
  CellOptions & {
    /** `row` for the cell that names its row: it is padded like the body cells beside it. */
    scope?: 'col' | 'row';
    /** Regular weight, for a row heading that should read like the cells beside it. */
    plain?: boolean;
  };

export function TableHead({ scope = 'col', density = 'normal', numeric = false, plain = false, className, ...rest }: TableHeadProps) {
  const padding = scope === 'row' ? CELL_PADDING[density] : HEAD_PADDING[density];
  return <th scope={scope} className={cx(padding, numeric && 'text-right', plain ? 'font-normal' : 'font-medium', className)} {...rest} />;
}

export type TableCellProps = ComponentPropsWithoutRef<'td'> & CellOptions;

export function TableCell({ density = 'normal', numeric = false, className, ...rest }: TableCellProps) {
  return <td className={cx(CELL_PADDING[density], numeric && 'cell-figure', className)} {...rest} />;
}

/** The head of a table whose columns are plain names, the usual case. */
export function TableColumns({ names, density }: { names: readonly string[]; density?: TableDensity }) {
  return (
    <TableHeader>
      <tr>
        {names.map((name) => (
          <TableHead key={name} density={density}>
            {name}
          </TableHead>
        ))}
      </tr>
    </TableHeader>
  );
}
