// The files a Bash word names, where the command runs: relative words against every folder a
// `cd` may have led to, globs matched the way bash matches them (no dot files unless asked for),
// and "unknown" for words whose value only exists at run time.
import { readdirSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { ExpandedWord } from './parse/expand.js';
import type { Cwds } from './script.js';

export const MAX_GLOB_MATCHES = 1_000;

export type NamedPaths = { paths: string[]; scopeWidened?: boolean } | { unknown: string };

function segmentRegex(segment: string): RegExp {
  let source = '';
  for (let index = 0; index < segment.length; index++) {
    const c = segment[index] as string;
    if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '[') {
      const end = segment.indexOf(']', index + 2);
      if (end < 0) source += '\\[';
      else {
        const body = segment.slice(index + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\');
        source += `[${body}]`;
        index = end;
      }
    } else source += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

const hasGlob = (segment: string): boolean => /[*?[]/.test(segment);

/** Matches a glob under `base`; undefined when there are too many matches to check. */
function matchGlob(pattern: string, base: string): string[] | undefined {
  const absolute = isAbsolute(pattern);
  const segments = pattern.split('/').filter((segment, index) => segment !== '' || index === 0);
  let current = [absolute ? '/' : base];
  for (const segment of segments) {
    if (segment === '') continue;
    if (!hasGlob(segment)) {
      current = current.map((dir) => join(dir, segment));
      continue;
    }
    const regex = segmentRegex(segment);
    const next: string[] = [];
    for (const dir of current) {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        continue;
      }
      // Like bash: a leading dot is only matched by a pattern that starts with one.
      for (const name of names) if ((segment.startsWith('.') || !name.startsWith('.')) && regex.test(name)) next.push(join(dir, name));
      if (next.length > MAX_GLOB_MATCHES) return undefined;
    }
    current = next;
  }
  return current;
}

/** The folder every match of a glob lies in: its text before the first segment with a wildcard. */
function staticPrefix(pattern: string): string {
  const segments = pattern.split('/');
  const index = segments.findIndex(hasGlob);
  const prefix = segments.slice(0, index).join('/');
  return prefix === '' ? (pattern.startsWith('/') ? '/' : '.') : prefix;
}

/** A wildcard segment starting with a dot may match `..` in older bash versions. */
const mayMatchParent = (pattern: string): boolean => pattern.split('/').some((segment) => segment.startsWith('.') && hasGlob(segment));

export function namedPaths(word: ExpandedWord, cwds: Cwds): NamedPaths {
  if (!word.exact) return { unknown: `${word.text} is only known when the command runs` };
  const relative = !isAbsolute(word.text);
  if (relative && cwds.unknown) return { unknown: `${word.text} is relative to a folder that is only known when the command runs` };
  if (!word.glob) return { paths: cwds.dirs.map((dir) => resolve(dir, word.text)) };
  if (mayMatchParent(word.text)) return { unknown: `${word.text} may match the parent folder` };
  const paths: string[] = [];
  for (const dir of relative ? cwds.dirs : [cwds.dirs[0] ?? '/']) {
    const matches = matchGlob(word.text, dir);
    // Too many to look at: judge the folder they all lie in, and everything below it.
    if (matches === undefined) return { paths: [resolve(dir, staticPrefix(word.text))], scopeWidened: true };
    // No match: bash passes the word on as it is.
    paths.push(...(matches.length > 0 ? matches : [resolve(dir, word.text)]));
  }
  return { paths };
}
