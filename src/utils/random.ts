// Random ids (version 4 UUIDs for sessions, messages and requests; hex for temp file names).
// Loading node:crypto costs a few milliseconds, all of it before the first model request,
// and Pulse needs only random bytes: it reads them from the kernel's /dev/urandom a block at a
// time, or from Web Crypto where that device does not exist.
import { closeSync, openSync, readSync } from 'node:fs';

const BLOCK_BYTES = 4096;
let block: Buffer = Buffer.alloc(0);
let used = 0;

function fillFromKernel(into: Buffer): boolean {
  let fd: number | undefined;
  try {
    fd = openSync('/dev/urandom', 'r');
    let filled = 0;
    while (filled < into.length) {
      const read = readSync(fd, into, filled, into.length - filled, null);
      if (read <= 0) return false;
      filled += read;
    }
    return true;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function takeBytes(count: number): Buffer {
  if (used + count > block.length) {
    const fresh = Buffer.allocUnsafe(Math.max(BLOCK_BYTES, count));
    if (!fillFromKernel(fresh)) globalThis.crypto.getRandomValues(fresh);
    block = fresh;
    used = 0;
  }
  const bytes = block.subarray(used, used + count);
  used += count;
  return bytes;
}

export function randomHex(byteCount: number): string {
  return takeBytes(byteCount).toString('hex');
}

export function randomUuid(): string {
  const bytes = Buffer.from(takeBytes(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
