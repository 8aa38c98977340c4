import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Skeleton } from '@caucus/design-system';
import { CallsNav } from './calls/components/CallsNav';
import { SessionsPage } from './calls/components/SessionsPage';
import styles from './Section.module.css';

// The sessions list opens the section; the caller screen, the follow-ups and the meetings (with
// their forms and the contract's schemas) load when first opened, so the first page stays small (ADR 0008).
const CallerScreen = lazy(async () => ({ default: (await import('./calls/components/CallerScreen')).CallerScreen }));
const SessionDetailPage = lazy(async () => ({ default: (await import('./calls/components/SessionDetailPage')).SessionDetailPage }));
const FollowUpsPage = lazy(async () => ({ default: (await import('./calls/components/FollowUpsPage')).FollowUpsPage }));
const MeetingsPage = lazy(async () => ({ default: (await import('./calls/components/MeetingsPage')).MeetingsPage }));

/**
 * The Calls & Meetings section as the shell mounts it at /dashboard/calls-meetings/*. It relies on
 * the shell's router and providers and creates none itself.
 */
export function Section() {
  return (
    <div className={styles.root}>
      <CallsNav />
      <Suspense fallback={<Skeleton lines={6} />}>
        <Routes>
          <Route index element={<SessionsPage />} />
          <Route path="sessions/:sessionId" element={<SessionDetailPage />} />
          <Route path="sessions/:sessionId/call" element={<CallerScreen />} />
          <Route path="follow-ups" element={<FollowUpsPage />} />
          <Route path="meetings" element={<MeetingsPage />} />
          <Route path="*" element={<SessionsPage />} />
        </Routes>
      </Suspense>
    </div>
  );
}

export default Section;
