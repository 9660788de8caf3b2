/** Reacts to a change of one tutor (the tutor list, booking's cached inputs). */
export type TutorChangeListener = (tutorId: number) => Promise<void>;

/**
 * The seam through which modules say a tutor changed: their profile, picture, topics, verified contacts,
 * schedule or rating. The modules that own those facts are built before the tutors and lessons services, so
 * buildApp creates this first and hands it to them; the services that cache tutors subscribe once they exist.
 * Notify after the change commits: a rebuild started before the commit would cache the old row as current.
 */
export function createTutorChanges() {
  const listeners: TutorChangeListener[] = [];
  return {
    async notify(tutorId: number): Promise<void> {
      for (const listener of listeners) await listener(tutorId);
    },
    subscribe(listener: TutorChangeListener): void {
      listeners.push(listener);
    },
  };
}

export type TutorChanges = ReturnType<typeof createTutorChanges>;
