/** Reacts to a change of one person's facts, named by the person's id. */
export type ChangeListener = (id: number) => Promise<void>;

/**
 * A seam through which the modules that own some facts say they changed for one person, to the services that
 * cache them. The owners are built first, so buildApp creates the seam and hands it to both; the caching services
 * subscribe once they exist. Notify after the change commits: a rebuild started before the commit would cache the
 * old facts as current.
 */
export function createChanges() {
  const listeners: ChangeListener[] = [];
  return {
    async notify(id: number): Promise<void> {
      for (const listener of listeners) await listener(id);
    },
    subscribe(listener: ChangeListener): void {
      listeners.push(listener);
    },
  };
}

export type Changes = ReturnType<typeof createChanges>;
