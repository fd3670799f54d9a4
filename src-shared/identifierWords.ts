// The Identifiers result, in words: per id attached after creation, added, already there,
// belonging to another supplier, or refused. One formatter for the results workbook (in the
// export's language) and the UI's results grid (in the user's).
import type { MessageKey, Params } from './i18n';
import type { AttachedIdentifier } from './supplier';

export function identifiersText(
  ids: readonly AttachedIdentifier[] | null | undefined,
  w: (key: MessageKey, params?: Params) => string,
): string {
  return (ids ?? [])
    .map((i) => {
      const params = {
        kind: w(`results.identifier.kind.${i.type}`),
        id: i.id,
        holder: i.holder ?? '',
        message: i.message ?? '',
      };
      if (i.result === 'other' && i.holder) return w('results.identifier.otherHolder', params);
      return w(`results.identifier.${i.result}`, params);
    })
    .join('; ');
}
