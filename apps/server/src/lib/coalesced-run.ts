/**
 * One background job that runs at most once at a time: a wake while it runs makes that run go once more
 * when it ends, so a wake is never lost and two runs never overlap (the push and webhook workers).
 */
export class CoalescedRun {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly work: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
  ) {}

  wake(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.work();
        } while (this.again);
      } catch (error) {
        this.onError(error);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Lets a run in progress end without another round. */
  async stop(): Promise<void> {
    this.again = false;
    await this.running;
  }
}
