// react-big-calendar ships no types. Only what the calendar widget uses is declared, kept close to
// the library's documented props so a wrong call still fails the type check.
declare module 'react-big-calendar' {
  import type { ComponentType, CSSProperties, ReactElement, ReactNode } from 'react';

  export type NavigateAction = 'PREV' | 'NEXT' | 'TODAY' | 'DATE';
  export type DateRange = { start: Date; end: Date };
  export type RangeFormat = (range: DateRange, culture: string | undefined, localizer: DateLocalizer) => string;
  export type DateFormat = string | ((date: Date, culture: string | undefined, localizer: DateLocalizer) => string);
  export type Formats = Record<string, string | RangeFormat | DateFormat>;

  export type DateLocalizerSpec = {
    formats: Formats;
    firstOfWeek: (culture?: string) => number;
    format: (value: Date, format: string, culture?: string) => string;
  };

  export class DateLocalizer {
    constructor(spec: DateLocalizerSpec);
    formats: Formats;
    format(value: Date, format: string, culture?: string): string;
    startOfWeek(culture?: string): number;
    add(date: Date, amount: number, unit: 'day' | 'week' | 'month'): Date;
    startOf(date: Date, unit: 'day' | 'week' | 'month'): Date;
  }

  export type ViewStatic = {
    range: (date: Date, options: { localizer: DateLocalizer }) => Date[];
    navigate: (date: Date, action: NavigateAction, options: { localizer: DateLocalizer }) => Date;
    title: (date: Date, options: { localizer: DateLocalizer }) => string;
  };

  /** Props RBC gives every view component, custom ones included. */
  export type ViewProps<TEvent> = {
    date: Date;
    events: TEvent[];
    localizer: DateLocalizer;
    getNow: () => Date;
    onSelectEvent: (event: TEvent, domEvent: unknown) => void;
    onDrillDown: (date: Date, view: string) => void;
  };

  export type ViewsProp<TEvent> = Partial<Record<'month' | 'week' | 'work_week' | 'day' | 'agenda', boolean | (ComponentType<ViewProps<TEvent>> & ViewStatic)>>;

  export type EventComponentProps<TEvent> = { event: TEvent; title: ReactNode };

  export type CalendarProps<TEvent> = {
    localizer: DateLocalizer;
    events: TEvent[];
    views?: ViewsProp<TEvent> | string[];
    view?: string;
    defaultView?: string;
    date?: Date;
    defaultDate?: Date;
    onNavigate?: (date: Date, view: string, action: NavigateAction) => void;
    onView?: (view: string) => void;
    onSelectEvent?: (event: TEvent, domEvent: unknown) => void;
    startAccessor?: keyof TEvent | ((event: TEvent) => Date);
    endAccessor?: keyof TEvent | ((event: TEvent) => Date);
    titleAccessor?: keyof TEvent | ((event: TEvent) => string);
    tooltipAccessor?: keyof TEvent | ((event: TEvent) => string) | null;
    allDayAccessor?: keyof TEvent | ((event: TEvent) => boolean);
    components?: { event?: ComponentType<EventComponentProps<TEvent>> };
    messages?: Record<string, ReactNode>;
    culture?: string;
    style?: CSSProperties;
    className?: string;
    popup?: boolean;
    scrollToTime?: Date;
    getNow?: () => Date;
  };

  export function Calendar<TEvent extends object>(props: CalendarProps<TEvent>): ReactElement;
}
