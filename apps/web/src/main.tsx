// The libraries every page runs (React and its DOM renderer, the router, the query cache: one chunk) are evaluated
// with this module.
import 'react-dom/client';
import './index.css';
import { nextTask } from './lib/next-task.ts';

/**
 * The app's own modules (start.tsx and what it imports) are evaluated in a task of their own, after the browser had
 * its turn: evaluated with the libraries they were one task of a fifth of a second on a phone at Lighthouse's 4×
 * slowdown, in which her taps waited. The page names their scripts as module preloads beside this one
 * (`startPreloads`), so they arrive with it: the split costs no round trip.
 */
void nextTask().then(() => import('./start.tsx'));
