/**
 * Answers kept per snapshot (a cached object that changes when its data does): each snapshot's own map, forgotten
 * with it, started afresh once it holds `max` (filters and addresses can make many keys, each asked rarely).
 */
export function keptPerSnapshot<V>(max: number): (snapshot: object) => Map<string, V> {
  const kept = new WeakMap<object, Map<string, V>>();
  return (snapshot) => {
    let answers = kept.get(snapshot);
    if (!answers || answers.size >= max) {
      answers = new Map();
      kept.set(snapshot, answers);
    }
    return answers;
  };
}
