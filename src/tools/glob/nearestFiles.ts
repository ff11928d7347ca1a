// Which files a capped Glob shows, chosen while the walk runs: those nearest the search root
// (fewest folders deep), then by path. Only a few hundred candidates are ever held, however many
// files match, and nothing is stat'ed to choose them.

export type Candidate = {
  /** The path relative to the search root, as shown to the model. */
  relative: string;
  /** The name's bytes, when the shown form is not the name itself (it was escaped). */
  bytes?: Buffer;
  depth: number;
};

function depthOf(path: string): number {
  let depth = 0;
  for (let at = path.indexOf('/'); at !== -1; at = path.indexOf('/', at + 1)) depth++;
  return depth;
}

function compare(depthA: number, pathA: string, b: Candidate): number {
  if (depthA !== b.depth) return depthA - b.depth;
  return pathA < b.relative ? -1 : pathA > b.relative ? 1 : 0;
}

const nearerFirst = (a: Candidate, b: Candidate) => compare(a.depth, a.relative, b);

export class NearestFiles {
  /** Every file offered and not excluded. */
  total = 0;
  private candidates: Candidate[] = [];
  /** The last candidate kept at the latest trim: anything after it can never be shown. */
  private worstKept: Candidate | undefined;

  constructor(
    private readonly limit: number,
    private readonly isExcluded?: (relative: string) => boolean,
  ) {}

  offer(relative: string, bytes?: Buffer): void {
    if (this.isExcluded?.(relative)) return;
    this.total++;
    const depth = depthOf(relative);
    if (this.worstKept && compare(depth, relative, this.worstKept) >= 0) return;
    // The walk's buffer is reused: keep a copy of the bytes of a path that may be shown.
    this.candidates.push(bytes ? { relative, bytes: Buffer.from(bytes), depth } : { relative, depth });
    if (this.candidates.length >= this.limit * 4) this.trim();
  }

  kept(): Candidate[] {
    this.trim();
    return this.candidates;
  }

  private trim(): void {
    if (this.candidates.length <= this.limit) return;
    this.candidates.sort(nearerFirst);
    this.candidates.length = this.limit;
    this.worstKept = this.candidates[this.limit - 1];
  }
}
