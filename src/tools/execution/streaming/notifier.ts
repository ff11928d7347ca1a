// A wake-up for one waiting consumer: `next()` resolves at the following `notify()`. The consumer
// checks its condition and calls `next()` in the same synchronous step, so no wake-up is lost.
export class Notifier {
  private pending: { promise: Promise<void>; resolve: () => void } | undefined;

  next(): Promise<void> {
    if (!this.pending) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => {
        resolve = r;
      });
      this.pending = { promise, resolve };
    }
    return this.pending.promise;
  }

  notify(): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.resolve();
  }
}
