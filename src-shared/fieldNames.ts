// How a connection spells the two creation fields the spec leaves unsettled (api-spec.md:
// "city or locality", "address or addressLine"). A setting of the connection, because it is the
// API's choice, not the row's; api-notes.md says to use city and address.
import { z } from 'zod';

export const CREATE_FIELD_NAMES = ['city-address', 'locality-addressLine'] as const;
export const CreateFieldNamesSchema = z.enum(CREATE_FIELD_NAMES);
export type CreateFieldNames = z.infer<typeof CreateFieldNamesSchema>;

export const DEFAULT_CREATE_FIELD_NAMES: CreateFieldNames = 'city-address';

/** The wire names of the city and the address line under each spelling. */
export const CREATE_FIELD_WIRE: Record<CreateFieldNames, { city: string; address: string }> = {
  'city-address': { city: 'city', address: 'address' },
  'locality-addressLine': { city: 'locality', address: 'addressLine' },
};

export function otherFieldNames(names: CreateFieldNames): CreateFieldNames {
  return names === 'city-address' ? 'locality-addressLine' : 'city-address';
}
