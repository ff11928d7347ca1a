// Text tools must not pour binary bytes into the conversation: they cost tokens and mean nothing.
import type { PathLike } from 'node:fs';
import { open } from 'node:fs/promises';
import { extname } from 'node:path';

const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.bmp', '.ico', '.tiff', '.tif', '.heic', '.avif']);

const OTHER_BINARY_EXTENSIONS = new Set([
  '.pdf', '.zip', '.gz', '.tgz', '.bz2', '.xz', '.zst', '.7z', '.rar', '.tar', '.jar', '.war',
  '.exe', '.dll', '.so', '.dylib', '.o', '.a', '.lib', '.obj', '.class', '.pyc', '.pyo', '.wasm',
  '.bin', '.dat', '.db', '.sqlite', '.sqlite3', '.mp3', '.mp4', '.m4a', '.mov', '.avi', '.mkv',
  '.webm', '.wav', '.flac', '.ogg', '.woff', '.woff2', '.ttf', '.otf', '.eot', '.psd', '.iso',
  '.dmg', '.node', '.deb', '.rpm', '.apk', '.ipa',
]);

const SNIFF_BYTES = 8192;

export function isImagePath(path: string): boolean {
  return IMAGE_EXTENSIONS.has(extname(path).toLowerCase());
}

export function hasBinaryExtension(path: string): boolean {
  const ext = extname(path).toLowerCase();
  return IMAGE_EXTENSIONS.has(ext) || OTHER_BINARY_EXTENSIONS.has(ext);
}

/** A NUL byte in the first 8 KB: the same test git and grep use. */
export async function looksBinary(absPath: PathLike): Promise<boolean> {
  const handle = await open(absPath, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead).includes(0);
  } finally {
    await handle.close();
  }
}
