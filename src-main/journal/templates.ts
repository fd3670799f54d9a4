// Mapping templates: a saved mapping per name, offered again for the same header set. drizzle.
import { desc, eq } from 'drizzle-orm';
import type { ReadHandle, WriteHandle } from './handle';
import { mappingTemplates as t } from './schema';

export type MappingTemplate = typeof t.$inferSelect;

/** Saves a template under its name (replacing one of the same name). */
export function saveTemplate(
  h: WriteHandle,
  input: { name: string; headerSignature: string; mapping: Record<string, unknown> },
): MappingTemplate {
  const now = h.clock.now();
  h.db
    .insert(t)
    .values({ ...input, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: t.name,
      set: { headerSignature: input.headerSignature, mapping: input.mapping, updatedAt: now },
    })
    .run();
  return h.db.select().from(t).where(eq(t.name, input.name)).get()!;
}

/** Templates made for this header set, most recently saved first. */
export function templatesFor(h: ReadHandle, signature: string): MappingTemplate[] {
  return h.db
    .select()
    .from(t)
    .where(eq(t.headerSignature, signature))
    .orderBy(desc(t.updatedAt), desc(t.id))
    .all();
}

export function listTemplates(h: ReadHandle): MappingTemplate[] {
  return h.db.select().from(t).orderBy(t.name).all();
}

export function deleteTemplate(h: WriteHandle, name: string): boolean {
  return h.db.delete(t).where(eq(t.name, name)).run().changes > 0;
}
