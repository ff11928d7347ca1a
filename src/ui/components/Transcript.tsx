// Finished items go to Ink's <Static>: written to scrollback once, never redrawn. /clear starts
// a new <Static> (a new key) because Static only ever prints items past the ones it has seen.
// Printed items stay in scrollback, so once enough have piled up they are released from the
// store (a fresh <Static> then starts from what is left): a long session's transcript does not
// grow in memory. What /resume and /compact need lives in `messages`, not here.
import { Static } from 'ink';
import { useEffect } from 'react';
import { useRepl, useReplStoreApi } from '../hooks/useReplStore.js';
import { TranscriptRow } from './TranscriptRow.js';

/** How many printed items may stay in the store before they are released. */
export const RELEASE_PRINTED_AFTER = 100;

export function Transcript() {
  const store = useReplStoreApi();
  const items = useRepl((state) => state.transcript);
  const epoch = useRepl((state) => state.transcriptEpoch);
  // Ink writes new <Static> items during the commit that adds them, so by the time this effect
  // runs every item of this render is in the terminal.
  const lastId = items.length >= RELEASE_PRINTED_AFTER ? items.at(-1)?.id : undefined;
  useEffect(() => {
    if (lastId !== undefined) store.getState().releasePrinted(lastId);
  }, [store, lastId]);
  return (
    <Static key={epoch} items={items}>
      {(item) => <TranscriptRow key={item.id} item={item} />}
    </Static>
  );
}
