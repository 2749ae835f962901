/**
 * A check that callers at the same moment share: a call while none runs starts one; a call while one runs
 * waits for the next, which begins after it. So a caller never gets an answer from a check older than its
 * call, and a burst of callers costs at most two checks.
 */
export class FreshCheck<T> {
  private running?: Promise<T>;
  private queued?: Promise<T>;

  constructor(private readonly check: () => Promise<T>) {}

  current(): Promise<T> {
    if (!this.running) {
      this.running = this.check().finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.current();
      });
    return this.queued;
  }
}
