import { type ChangeEvent, useState } from 'react';
import { useDebounced } from './use-debounced.ts';
import type { Paging } from './use-page-size.ts';

/**
 * A staff table's search box: `field` goes on the text field (typing goes back to page 1), `q` is the trimmed
 * text once typing pauses, or undefined when empty — what the list's `q` takes.
 */
export function useTableSearch(paging: Pick<Paging, 'setPage'>) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const field = {
    type: 'search',
    value: text,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setText(event.target.value);
      paging.setPage(1);
    },
  } as const;
  return { q: q || undefined, field };
}
