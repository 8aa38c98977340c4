export { Badge, badgeClassName } from './Badge';
export type { BadgeProps, BadgeTone } from './Badge';
