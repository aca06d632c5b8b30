// The error of a migration statement that the cluster transformation cannot rewrite safely.

export class ClusterDdlError extends Error {
  constructor(reason: string, statement: string) {
    super(`cannot rewrite for a cluster (${reason}): ${statement.slice(0, 160)}`);
    this.name = 'ClusterDdlError';
  }
}
