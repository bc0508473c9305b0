import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Client } from '@connectrpc/connect';
import { InventoryService } from '../../gen/sro/character/inventory_pb';
import { useGameServiceClient } from './use-game-api';

export interface InventoryItem {
  slot: number;
  itemId: number;
  quantity: number;
}

export const inventoryKeys = { of: (characterId: string) => ['inventories', characterId] as const };

export const inventoryQueries = {
  of: (api: Client<typeof InventoryService>, characterId: string) =>
    queryOptions({
      queryKey: inventoryKeys.of(characterId),
      queryFn: async ({ signal }): Promise<InventoryItem[]> =>
        (await api.getInventory({ characterId }, { signal })).items.map((item) => ({ slot: item.slot, itemId: item.id, quantity: item.quantity })),
      // Game servers write inventories while the character plays: a stored copy would be old.
      meta: { persist: false },
    }),
};

/** A character's inventory, by slot (the server's order). */
export function useInventory(characterId: string, { enabled = true } = {}) {
  return useQuery({ ...inventoryQueries.of(useGameServiceClient(InventoryService), characterId), enabled: enabled && !!characterId });
}
