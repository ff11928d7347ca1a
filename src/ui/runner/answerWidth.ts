// The columns an answer's text is laid out in: the terminal's width less the answer's gutter.
// Read when a block is laid out, so a table drawn after a resize fits the new width.
import { ANSWER_GUTTER } from '../components/Guttered.js';
import { FALLBACK_COLUMNS } from '../hooks/useColumns.js';

export function answerWidth(): number {
  return (process.stdout.columns || FALLBACK_COLUMNS) - ANSWER_GUTTER;
}
