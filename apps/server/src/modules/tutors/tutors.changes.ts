import { type Changes, createChanges } from '../../platform/changes.ts';

/**
 * The seam through which modules say a tutor changed: their profile, picture, topics, verified contacts,
 * schedule or rating; the tutor list and booking's cached inputs listen.
 */
export const createTutorChanges = createChanges;

export type TutorChanges = Changes;
