// At most N batches of one organization's imports at work at once; the others wait their turn in order, so one
// organization's imports cannot take every slot the store has for imports.
export class OrganizationLimiter {
  private readonly active = new Map<string, number>();
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(private readonly perOrganization: number) {}

  async run<T>(organizationId: string, work: () => Promise<T>): Promise<T> {
    if ((this.active.get(organizationId) ?? 0) >= this.perOrganization) {
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(organizationId) ?? [];
        queue.push(resolve);
        this.waiting.set(organizationId, queue);
      });
    } else this.active.set(organizationId, (this.active.get(organizationId) ?? 0) + 1);
    try {
      return await work();
    } finally {
      this.release(organizationId);
    }
  }

  /** Hands the slot to the next waiting batch of the organization, or frees it. */
  private release(organizationId: string): void {
    const queue = this.waiting.get(organizationId);
    const next = queue?.shift();
    if (queue && queue.length === 0) this.waiting.delete(organizationId);
    if (next) return next();
    const left = (this.active.get(organizationId) ?? 1) - 1;
    if (left === 0) this.active.delete(organizationId);
    else this.active.set(organizationId, left);
  }
}
