// Reading a bundle and its V8 code cache, and writing the cache. On the machines Pulse is
// measured on, the first touch of every fresh memory page costs a page fault of ~13 us, so the
// reads are arranged to touch as few fresh pages as possible: one buffer serves both files
// (the cache is read into the pages the source was read into), and the cache starts at an
// 8-byte boundary, since V8 copies cached data that is not aligned before using it.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { Script } from 'node:vm';
import { writeFileAtomicallySync } from '../utils/atomicWrite.js';

const HEADER_PREFIX = 'pulse-v8-cache ';
const CACHE_ALIGNMENT = 8;

/** `pulse-v8-cache <bundle name>` padded with spaces so the cache after it is aligned. */
function cacheHeader(bundleName: string): Buffer {
  const text = `${HEADER_PREFIX}${bundleName}`;
  const length = Math.ceil((text.length + 1) / CACHE_ALIGNMENT) * CACHE_ALIGNMENT;
  return Buffer.from(`${text.padEnd(length - 1, ' ')}\n`);
}

type OpenFile = { fd: number; size: number };

function openFile(path: string): OpenFile | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    return { fd, size: fstatSync(fd).size };
  } catch {
    if (fd !== undefined) closeSync(fd);
    return undefined;
  }
}

/** Fills the start of `into` with the whole file and closes it; undefined if it came up short. */
function readWhole(file: OpenFile, into: Buffer): Buffer | undefined {
  try {
    let filled = 0;
    while (filled < file.size) {
      const read = readSync(file.fd, into, filled, file.size - filled, null);
      if (read === 0) return undefined;
      filled += read;
    }
    return into.subarray(0, file.size);
  } finally {
    closeSync(file.fd);
  }
}

export type BundleFiles = { source: string; cachedData?: Buffer };

/**
 * The bundle's source, and its cache when there is one written for this very bundle (V8
 * itself checks only the source's length). Build output is ASCII, so latin1 reads it as UTF-8
 * would, without decoding.
 */
export function readBundleFiles(bundlePath: string, cachePath: string, bundleName: string): BundleFiles {
  const bundle = openFile(bundlePath);
  if (!bundle) throw new Error(`cannot read ${bundlePath}: reinstall Pulse`);
  const cache = openFile(cachePath);
  const buffer = Buffer.allocUnsafe(Math.max(bundle.size, cache?.size ?? 0));
  const sourceBytes = readWhole(bundle, buffer);
  if (!sourceBytes) throw new Error(`cannot read ${bundlePath}: reinstall Pulse`);
  const source = sourceBytes.toString('latin1');
  if (!cache) return { source };
  const cacheBytes = readWhole(cache, buffer);
  const header = cacheHeader(bundleName);
  if (!cacheBytes || !cacheBytes.subarray(0, header.length).equals(header)) return { source };
  return { source, cachedData: cacheBytes.subarray(header.length) };
}

/** A cache that cannot be written is only a slower next start: failures are dropped. */
export function writeCache(script: Script, path: string, bundleName: string): void {
  try {
    writeFileAtomicallySync(path, Buffer.concat([cacheHeader(bundleName), script.createCachedData()]));
  } catch {
    // The old cache, if any, is still whole.
  }
}
