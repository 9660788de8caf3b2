import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { isStudent } from '../../../lib/roles.ts';
import { useCompleteTour, useTourState } from '../hooks/use-tour-state.ts';
import { TOUR_STEPS } from '../tour-steps.ts';
import { TourCard } from './tour-card.tsx';

/** Starts the tour from its first step (the account menu's entry); null outside a student's pages. */
const TourStart = createContext<(() => void) | null>(null);
export const useStartTour = () => useContext(TourStart);

/**
 * The guided tour of a student: it opens by itself the first time a student who has not taken it reaches the
 * dashboard, and on demand from the account menu. Finishing or skipping it is remembered on the server.
 */
export function TourProvider({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const student = user !== null && isStudent(user.role);
  const state = useTourState(student);
  const complete = useCompleteTour();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [index, setIndex] = useState<number | null>(null);
  const [endedThisVisit, setEndedThisVisit] = useState(false);
  const untaken = state.data?.completedAt === null;

  useEffect(() => {
    if (untaken && !endedThisVisit && pathname === paths.studentDashboard.href()) setIndex((i) => i ?? 0);
  }, [untaken, endedThisVisit, pathname]);

  const go = (next: number) => {
    setIndex(next);
    const href = TOUR_STEPS[next]?.href;
    // Always navigate, even to the page shown: a step's navigation still loading its page would otherwise land
    // after this one and leave the card on the wrong page (the shown page replaces itself, adding no history).
    if (href) void navigate(href, { replace: href === pathname });
  };
  const end = () => {
    setIndex(null);
    setEndedThisVisit(true);
    if (untaken) complete.mutate();
  };

  return (
    <TourStart.Provider value={student ? () => go(0) : null}>
      {children}
      {student && index !== null && <TourCard index={index} onGo={go} onEnd={end} />}
    </TourStart.Provider>
  );
}
