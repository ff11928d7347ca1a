// React state mirrored in a ref. Keys can arrive before React swaps in the input handler of the
// latest render, so handlers read `ref.current` to see the value the screen already shows.
import { useRef, useState } from 'react';

export function useLatestState<T>(initial: T): [T, (update: (value: T) => T) => void, { readonly current: T }] {
  const [value, setValue] = useState(initial);
  const ref = useRef(initial);
  const update = (next: (current: T) => T): void => {
    ref.current = next(ref.current);
    setValue(ref.current);
  };
  return [value, update, ref];
}
