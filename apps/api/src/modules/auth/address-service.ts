import type { Address, AddressRequest } from '@orderfront/core';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { addressRepository } from './address-repository.js';

export const maxAddressesPerUser = 20;

/** A user's saved delivery addresses; another user's id is simply not found. */
export function addressService(db: Db) {
  const repo = addressRepository(db);
  const notFound = () => new AppError('not_found', 'No such address');

  async function get(tenantId: number, userId: number, id: number): Promise<Address> {
    const address = await repo.findAddress(tenantId, userId, id);
    if (!address) throw notFound();
    return address;
  }

  return {
    list: (tenantId: number, userId: number) => repo.listAddresses(tenantId, userId),

    async create(tenantId: number, userId: number, input: AddressRequest) {
      if ((await repo.listAddresses(tenantId, userId)).length >= maxAddressesPerUser) {
        throw new AppError('unprocessable', `You can save up to ${maxAddressesPerUser} addresses`);
      }
      const id = await repo.insertAddress({ tenant_id: tenantId, user_id: userId, ...input, label: input.label ?? '' });
      return get(tenantId, userId, id);
    },

    async update(tenantId: number, userId: number, id: number, input: AddressRequest) {
      if (!(await repo.updateAddress(tenantId, userId, id, { ...input, label: input.label ?? '' }))) throw notFound();
      return get(tenantId, userId, id);
    },

    async remove(tenantId: number, userId: number, id: number) {
      if (!(await repo.deleteAddress(tenantId, userId, id))) throw notFound();
    },
  };
}

export type AddressService = ReturnType<typeof addressService>;
