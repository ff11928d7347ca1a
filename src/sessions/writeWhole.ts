// writeSync may write fewer bytes than asked (a signal, a nearly full disk); a record line must
// go out whole or the next line would be glued to its remains.
import { writeSync } from 'node:fs';

export function writeWholeSync(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
}
