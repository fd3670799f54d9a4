// The last complete audit of each connection (the supplier-base screen's, base:audit): the
// suppliers it grouped, which a command on the user's choice among them may name (and no other).
// Kept in memory while the services run; each services process has its own.
import type { AuditGroup } from '../base/audit';

/** A supplier of an audit's groups. */
export interface AuditedSupplier {
  platformId: number;
  name: string;
  city: string;
}

/** A connection's last complete audit: its workbook, and the suppliers of its groups. */
export interface LastAudit {
  path: string;
  suppliers: ReadonlyMap<number, AuditedSupplier>;
}

export class AuditMemory {
  private readonly audits = new Map<string, LastAudit>();

  /** Keeps a complete audit's groups as the connection's last. */
  remember(connectionId: string, path: string, groups: readonly AuditGroup[]): void {
    const suppliers = new Map<number, AuditedSupplier>();
    for (const g of groups)
      for (const m of g.members)
        suppliers.set(m.platformId, { platformId: m.platformId, name: m.name, city: m.city });
    this.audits.set(connectionId, { path, suppliers });
  }

  /** The connection's last complete audit, if one ran while the services run. */
  last(connectionId: string): LastAudit | undefined {
    return this.audits.get(connectionId);
  }
}
