// `$'…'` strings as bash decodes them, so `$'\x72m'` is judged as `rm` and a heredoc delimiter
// written `$'E\x4fF'` ends at the line `EOF`, as it does in bash.

const SIMPLE: Record<string, string> = {
  a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v',
  '\\': '\\', "'": "'", '"': '"', '?': '?',
};

function fromCodePoint(code: number): string {
  return code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

/** Reads up to `max` characters of `digits` at `start`; returns the text read. */
function digitsAt(body: string, start: number, digits: RegExp, max: number): string {
  let end = start;
  while (end < body.length && end - start < max && digits.test(body[end] as string)) end++;
  return body.slice(start, end);
}

/** Decodes the body of `$'…'` (between the quotes). Bash drops everything after a NUL. */
export function decodeAnsiC(body: string): string {
  const decoded = decodeEscapes(body);
  const nul = decoded.indexOf('\0');
  return nul < 0 ? decoded : decoded.slice(0, nul);
}

function decodeEscapes(body: string): string {
  let out = '';
  for (let index = 0; index < body.length; index++) {
    const c = body[index] as string;
    if (c !== '\\' || index + 1 >= body.length) {
      out += c;
      continue;
    }
    const next = body[++index] as string;
    const simple = SIMPLE[next];
    if (simple !== undefined) {
      out += simple;
      continue;
    }
    if (/[0-7]/.test(next)) {
      const octal = digitsAt(body, index, /[0-7]/, 3);
      out += String.fromCharCode(parseInt(octal, 8) & 0xff);
      index += octal.length - 1;
      continue;
    }
    const hexLength = next === 'x' ? 2 : next === 'u' ? 4 : next === 'U' ? 8 : 0;
    if (hexLength > 0) {
      const hex = digitsAt(body, index + 1, /[0-9a-fA-F]/, hexLength);
      // `\x` with no digits stays as written, as in bash.
      out += hex === '' ? `\\${next}` : fromCodePoint(parseInt(hex, 16));
      index += hex.length;
      continue;
    }
    if (next === 'c' && index + 1 < body.length) {
      out += String.fromCharCode((body.charCodeAt(++index) & 0x1f) || 0);
      continue;
    }
    out += `\\${next}`;
  }
  return out;
}
