import { createElement, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cx } from './class-names';

/** The white, bordered box every page groups things in. */
export const CARD_CLASS = 'rounded-lg border border-slate-200 bg-white';

const PADDING = { none: '', sm: 'p-4', md: 'p-5', lg: 'p-6' } as const;

// The elements a card stands as today: a panel, a form, a list or list item, a figure, a listing.
type CardTag = 'div' | 'section' | 'article' | 'form' | 'figure' | 'ul' | 'ol' | 'li' | 'dl' | 'pre';

export type CardProps<T extends CardTag> = {
  /** The element the card is, so a form, list or figure keeps its own role. */
  as?: T;
  /** `none` for a card whose rows (a table, a divided list) carry their own padding. */
  padding?: keyof typeof PADDING;
  className?: string;
} & Omit<ComponentPropsWithoutRef<T>, 'className'>;

export function Card<T extends CardTag = 'div'>({ as, padding = 'md', className, ...rest }: CardProps<T>) {
  return createElement(as ?? 'div', { ...rest, className: cx(CARD_CLASS, PADDING[padding], className) });
}

const TITLE_SIZE = { lg: 'text-lg font-semibold', md: 'font-semibold' } as const;

export interface CardTitleProps {
  /** The heading level fits the page's outline; a chart's caption is a plain paragraph. */
  as?: 'h2' | 'h3' | 'p';
  size?: keyof typeof TITLE_SIZE;
  id?: string;
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
}

export function CardTitle({ as: Tag = 'h2', size = 'lg', className, ...rest }: CardTitleProps) {
  return <Tag className={cx(TITLE_SIZE[size], className)} {...rest} />;
}

export function CardDescription({ className, children }: { className?: string; children: ReactNode }) {
  return <p className={cx('mt-1 text-sm text-slate-600', className)}>{children}</p>;
}

export interface CardHeaderProps extends Omit<CardTitleProps, 'children' | 'className'> {
  title: ReactNode;
  description?: ReactNode;
}

/**
 * A card's title and the sentence under it. No wrapping element: the card's own flow (spacing,
 * grid) goes on placing the two as it placed the bare heading and paragraph.
 */
export function CardHeader({ title, description, ...titleProps }: CardHeaderProps) {
  return (
    <>
      <CardTitle {...titleProps}>{title}</CardTitle>
      {description !== undefined && <CardDescription>{description}</CardDescription>}
    </>
  );
}
