import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { caucusStore } from './store';
import { confirmSession } from './confirmSession';
import { sessionAtom, sessionStatusAtom } from './sessionState';
import type { Session } from './types';

export type SessionCheck =
  | { status: 'signed-in'; session: Session }
  | { status: 'signed-out' | 'checking'; session: null }
  | { status: 'unreachable'; session: null; error: unknown; retry: () => void };

/**
 * For pages that need a signed-in user: the session when one is known; otherwise, in a tab that
 * has nothing cached yet (e.g. just opened), asks the server before answering 'signed-out', since
 * the browser may well be signed in. 'unreachable' when the server could not be asked.
 */
export function useSessionCheck(): SessionCheck {
  const session = useAtomValue(sessionAtom, { store: caucusStore });
  const status = useAtomValue(sessionStatusAtom, { store: caucusStore });
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<{ attempt: number; error: unknown } | null>(null);
  const retry = useCallback(() => setAttempt((previous) => previous + 1), []);

  useEffect(() => {
    if (status !== 'unknown') return undefined;
    let current = true;
    confirmSession().catch((error: unknown) => {
      if (current) setFailure({ attempt, error });
    });
    return () => {
      current = false;
    };
  }, [status, attempt]);

  if (session) return { status: 'signed-in', session };
  if (status === 'signed-out') return { status: 'signed-out', session: null };
  if (failure && failure.attempt === attempt) return { status: 'unreachable', session: null, error: failure.error, retry };
  return { status: 'checking', session: null };
}
