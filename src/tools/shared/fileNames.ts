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
const MAY_NEED_ESCAPING = /[\u0001-\u001f\u007f\ufffd]/;

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

/**
 * Each name of a NUL-separated list (`rg --files --null`, `git ls-files -z`), as shown, and its
 * bytes when the shown form is not the name itself (valid only during the call). The list is
 * decoded whole, and taken apart name by name only when some name needs escaping.
 */
export function forEachShownName(list: Buffer, onName: (shown: string, bytes?: Buffer) => void): void {
  const end = list[list.length - 1] === 0 ? list.length - 1 : list.length;
  const text = list.toString('utf8', 0, end);
  if (!MAY_NEED_ESCAPING.test(text)) {
    for (const name of text.split('\0')) if (name !== '') onName(name);
    return;
  }
  for (let start = 0; start < end; ) {
    const nul = list.indexOf(0, start);
    const stop = nul === -1 || nul > end ? end : nul;
    const bytes = list.subarray(start, stop);
    const shown = displayFileName(bytes);
    if (bytes.length > 0) {
      if (shown === bytes.toString('utf8')) onName(shown);
      else onName(shown, bytes);
    }
    start = stop + 1;
  }
}

const HEX_ESCAPE = /\\x[0-9a-fA-F]{2}/;

/** The bytes of an escaped name as displayFileName writes it, or undefined for text it never writes. */
function unescapeName(shown: string): Buffer | undefined {
  const parts: Buffer[] = [];
  let literal = '';
  for (let i = 0; i < shown.length; i++) {
    const char = shown[i] as string;
    if (char !== '\\') {
      literal += char;
      continue;
    }
    const next = shown[i + 1];
    if (next === '\\' || next === "'") {
      literal += next;
      i += 1;
    } else if (next === 'x' && /^[0-9a-fA-F]{2}$/.test(shown.slice(i + 2, i + 4))) {
      parts.push(Buffer.from(literal), Buffer.from([Number.parseInt(shown.slice(i + 2, i + 4), 16)]));
      literal = '';
      i += 3;
    } else return undefined;
  }
  parts.push(Buffer.from(literal));
  return Buffer.concat(parts);
}

/**
 * The paths on disk a path holding a shown name may stand for, most decoded first: the path with
 * everything after one of its slashes read back from the escaped form (a listing escapes the
 * part below its root, and the root is shown as it is). A part is only read back when
 * displayFileName shows its bytes exactly so, which it never does for `\x2f` or any other
 * printable byte: so an escape can neither smuggle in a slash nor change a name that was printable.
 */
export function shownPathCandidates(path: string): Buffer[] {
  if (!HEX_ESCAPE.test(path)) return [];
  const candidates: Buffer[] = [];
  for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
    const escaped = path.slice(slash);
    if (!HEX_ESCAPE.test(escaped)) break;
    const bytes = unescapeName(escaped);
    if (bytes !== undefined && displayFileName(bytes) === escaped) candidates.push(Buffer.concat([Buffer.from(path.slice(0, slash)), bytes]));
  }
  return candidates;
}
