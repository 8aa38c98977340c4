// Exposed as mfe_events/CalendarWidget for the shell's dashboard home.
export { CalendarWidget, default } from './calendar/components/CalendarWidget';
export type { CalendarWidgetProps, CalendarView } from './calendar/components/CalendarWidget';
