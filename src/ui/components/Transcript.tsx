// Finished items go to Ink's <Static>: written to scrollback once, never redrawn. /clear starts
// a new <Static> (a new key) because Static only ever prints items past the ones it has seen.
import { Static } from 'ink';
import { useRepl } from '../hooks/useReplStore.js';
import { TranscriptRow } from './TranscriptRow.js';

export function Transcript() {
  const items = useRepl((state) => state.transcript);
  const epoch = useRepl((state) => state.transcriptEpoch);
  return (
    <Static key={epoch} items={items}>
      {(item) => <TranscriptRow key={item.id} item={item} />}
    </Static>
  );
}
