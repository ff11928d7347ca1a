// File names come from the file system as bytes, and not every name is valid UTF-8 or printable.
// A name that is shown as it is would be lost (decoding turns bad bytes into U+FFFD, which names
// no file) or would break the list it is in (a newline). Such names are shown in the body form
// of Bash's $'…' quoting instead: each bad byte or control character as \xHH, each backslash as
// \\ and each single quote as \', so the model can still use the name (`cat $'bad\xffname.txt'`).
// Every other name, backslashes in it included, is shown exactly as it is.

const BACKSLASH = 0x5c;
const SINGLE_QUOTE = 0x27;

/** Length of the valid UTF-8 sequence at `i`, or 0 when the byte there starts none. */
function sequenceLength(bytes: Buffer, i: number): number {
  const lead = bytes[i] as number;
  if (lead < 0x80) return 1;
  const continuation = (at: number, low = 0x80, high = 0xbf) => {
    const byte = bytes[at];
    return byte !== undefined && byte >= low && byte <= high;
  };
  // The ranges of RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF.
  if (lead >= 0xc2 && lead <= 0xdf) return continuation(i + 1) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    const low = lead === 0xe0 ? 0xa0 : 0x80;
    const high = lead === 0xed ? 0x9f : 0xbf;
    return continuation(i + 1, low, high) && continuation(i + 2) ? 3 : 0;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    const low = lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xf4 ? 0x8f : 0xbf;
    return continuation(i + 1, low, high) && continuation(i + 2) && continuation(i + 3) ? 4 : 0;
  }
  return 0;
}

function isControl(byte: number): boolean {
  return byte < 0x20 || byte === 0x7f;
}

/**
 * What may need escaping in decoded text: decoding marks each invalid byte with U+FFFD (a real
 * U+FFFD takes the slow way too, and comes out as it was), and control characters. NUL is left
 * out, since it ends each name in a NUL-separated list and no name can hold it.
 */
export const MAY_NEED_ESCAPING = /[\u0001-\u001f\u007f\ufffd]/;

const hex = (byte: number) => `\\x${byte.toString(16).padStart(2, '0')}`;

/** The name (or path) as Pulse shows it: itself when it is printable UTF-8, else escaped. */
export function displayFileName(buffer: Buffer): string {
  const decoded = buffer.toString('utf8');
  if (!MAY_NEED_ESCAPING.test(decoded) && !decoded.includes('\0')) return decoded;
  let shown = '';
  let escaped = false;
  for (let i = 0; i < buffer.length; ) {
    const byte = buffer[i] as number;
    const length = sequenceLength(buffer, i);
    if (length === 0 || (length === 1 && isControl(byte))) {
      shown += hex(byte);
      escaped = true;
    } else if (byte === BACKSLASH || byte === SINGLE_QUOTE) shown += `\\${String.fromCharCode(byte)}`;
    else shown += buffer.toString('utf8', i, i + length);
    i += Math.max(length, 1);
  }
  // Only a real U+FFFD: nothing needed escaping, so the name is shown as it is.
  return escaped ? shown : decoded;
}
