export { ProgressBar, progressPercent, formatPercent } from './ProgressBar';
export type { ProgressBarProps, ProgressBarTone } from './ProgressBar';
