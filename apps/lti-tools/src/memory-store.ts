// A bounded in-memory map whose entries expire: login states and quiz sessions of this single-process tool.

export class ExpiringStore<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  set(key: string, value: V): void {
    this.sweep();
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    // Oldest first (insertion order): drop them when a flood of logins would grow the map without bound.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Returns the value and removes it, so a second take of the same key finds nothing. */
  take(key: string): V | undefined {
    const value = this.get(key);
    this.entries.delete(key);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.expires <= now) this.entries.delete(key);
    }
  }
}
