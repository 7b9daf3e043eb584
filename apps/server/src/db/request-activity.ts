import type { Db } from './db-type';

/**
 * The requests a server is answering on a database that runs in its own process (PGlite: one connection on the
 * server's thread). Work in the background, the article import's transactions, gives way to them: it begins a
 * transaction at a moment when no request is under way. A request runs several statements (its session, its
 * rights, its data), each taking the connection anew; without this, an import transaction could slip in
 * between any two of them and a lookup would wait for several. `longestMs` bounds the wait, so a steady stream of
 * requests slows the import down but never stops it.
 */
export class RequestActivity {
  private active = 0;
  private readonly waiting = new Set<() => void>();

  begin(): void {
    this.active++;
  }

  end(): void {
    this.active = Math.max(0, this.active - 1);
    if (this.active > 0) return;
    for (const resume of this.waiting) resume();
    this.waiting.clear();
  }

  /**
   * Resolves once no request is under way, or after `longestMs` when requests keep coming. It first lets the event
   * loop read what has arrived: a request sent while the last statement ran is still unread on its socket (the
   * statement held the thread), and would not count yet.
   */
  async quiet(longestMs: number): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    if (this.active === 0) return;
    return new Promise((resolve) => {
      const resume = () => {
        clearTimeout(timer);
        this.waiting.delete(resume);
        resolve();
      };
      const timer = setTimeout(resume, longestMs);
      this.waiting.add(resume);
    });
  }
}

const activities = new WeakMap<Db, RequestActivity>();

/** The requests under way on this database (one record per database, shared by the app and the import). */
export function requestActivity(db: Db): RequestActivity {
  let activity = activities.get(db);
  if (!activity) {
    activity = new RequestActivity();
    activities.set(db, activity);
  }
  return activity;
}
