// The endpoint the fifth kind writes to, which the API does not have: the test adds it to the
// sandbox (its `extraRoutes` option). PUT sets a supplier's address, GET reads it back; every
// PUT that reached the server is counted by platform id, so the test can say none came twice.
import { ApiError, type Routes } from '../../../../src-main/sandbox';

export const ADDRESS_PATH = '/test/v1/suppliers/address';

export interface Address {
  address: string;
  city?: string;
  postalCode?: string;
}

export interface AddressRoute {
  routes: Routes;
  /** The address each platform id has, as the last PUT set it. */
  addresses: Map<string, Address>;
  /** PUTs that reached the route, by platform id. */
  received: Map<string, number>;
}

export function addressRoute(): AddressRoute {
  const addresses = new Map<string, Address>();
  const received = new Map<string, number>();
  const platformIdOf = (params: URLSearchParams): string => {
    const id = params.get('platformId');
    if (!id) throw new ApiError(400, 'invalid_request', 'platformId is required.');
    return id;
  };
  const routes: Routes = {
    [ADDRESS_PATH]: {
      PUT: {
        permission: 'ACCESS_PUBLIC_SUPPLIERS',
        body: true,
        run: ({ params, body }) => {
          const id = platformIdOf(params);
          const b = body as Partial<Address> | null;
          if (!b || typeof b.address !== 'string' || !b.address)
            throw new ApiError(400, 'invalid_request', 'address is required.');
          received.set(id, (received.get(id) ?? 0) + 1);
          const address: Address = { address: b.address };
          if (b.city) address.city = b.city;
          if (b.postalCode) address.postalCode = b.postalCode;
          addresses.set(id, address);
          return { status: 200, body: { platformId: id, ...address } };
        },
      },
      GET: {
        permission: 'ACCESS_PUBLIC_SUPPLIERS',
        run: ({ params }) => {
          const id = platformIdOf(params);
          const address = addresses.get(id);
          if (!address) throw new ApiError(404, 'resource_not_found', 'No address was set.');
          return { status: 200, body: { platformId: id, ...address } };
        },
      },
    },
  };
  return { routes, addresses, received };
}
