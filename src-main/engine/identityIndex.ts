// The check's local matching: identities of the organization's suppliers (read page by page) and
// of the API user's pending creations (one pending-list call), matched against a job's rows
// without one request per row. Matching follows the API's find-by-identifier rule: a row with a
// source matches that id from that source only; a row without a source matches the id from any
// source. Strings are trimmed as the server trims them.

export interface IdentityRef {
  id: string;
  source?: string | null | undefined;
}

export interface IndexedSupplier {
  platformId: string;
  supplierIds: IdentityRef[];
}

export interface IndexedPending {
  uuid: string;
  supplierId: IdentityRef;
}

export type CheckOutcome =
  | { kind: 'new' }
  | { kind: 'exists'; platformId: string }
  | { kind: 'ambiguous'; platformIds: string[] }
  | { kind: 'pending'; uuid: string };

const norm = (s: string | null | undefined) => (s ?? '').trim();

export class IdentityIndex {
  /** id → source → platform ids (a set: one supplier may list the same id twice). */
  private suppliers = new Map<string, Map<string, Set<string>>>();
  private pending = new Map<string, Map<string, string>>();

  addSuppliers(items: Iterable<IndexedSupplier>): void {
    for (const s of items) {
      for (const ref of s.supplierIds) {
        const id = norm(ref.id);
        if (!id) continue;
        let bySource = this.suppliers.get(id);
        if (!bySource) this.suppliers.set(id, (bySource = new Map()));
        const source = norm(ref.source);
        let ids = bySource.get(source);
        if (!ids) bySource.set(source, (ids = new Set()));
        ids.add(String(s.platformId));
      }
    }
  }

  addPending(items: Iterable<IndexedPending>): void {
    for (const p of items) {
      const id = norm(p.supplierId.id);
      if (!id) continue;
      let bySource = this.pending.get(id);
      if (!bySource) this.pending.set(id, (bySource = new Map()));
      bySource.set(norm(p.supplierId.source), p.uuid);
    }
  }

  get supplierIdentityCount(): number {
    let n = 0;
    for (const bySource of this.suppliers.values()) n += bySource.size;
    return n;
  }

  /** An existing supplier wins over a pending creation: it is what a create would collide with. */
  match(ref: IdentityRef): CheckOutcome {
    const id = norm(ref.id);
    const source = norm(ref.source);
    const platformIds = new Set<string>();
    const bySource = this.suppliers.get(id);
    if (bySource) {
      if (source) for (const p of bySource.get(source) ?? []) platformIds.add(p);
      else for (const set of bySource.values()) for (const p of set) platformIds.add(p);
    }
    if (platformIds.size === 1) return { kind: 'exists', platformId: [...platformIds][0]! };
    if (platformIds.size > 1) return { kind: 'ambiguous', platformIds: [...platformIds].sort() };
    const pendingBySource = this.pending.get(id);
    if (pendingBySource) {
      const uuid = source ? pendingBySource.get(source) : pendingBySource.values().next().value;
      if (uuid) return { kind: 'pending', uuid };
    }
    return { kind: 'new' };
  }
}
