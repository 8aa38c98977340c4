import type { CSSProperties, HTMLAttributes } from 'react';
import { cx } from '../../utils/cx';
import styles from './CardGrid.module.css';

export type CardGridProps = HTMLAttributes<HTMLDivElement> & {
  /** The narrowest a column may get before the grid drops one (a CSS length). */
  minItemWidth?: string;
};

/** A responsive grid of cards: as many equal columns as fit, one column on a phone. */
export function CardGrid({ minItemWidth = '18rem', className, style, ...rest }: CardGridProps) {
  const gridStyle = { '--caucus-card-grid-min': minItemWidth, ...style } as CSSProperties;
  return <div {...rest} className={cx(styles.grid, className)} style={gridStyle} />;
}
