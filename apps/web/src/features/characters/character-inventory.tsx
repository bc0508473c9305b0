import { ListLoadError } from '../../components/load-error';
import { Table, type TableColumns } from '../../components/table/table';
import { useInventory, type InventoryItem } from '../../lib/api/inventory';

const columns: TableColumns<InventoryItem> = [
  { id: 'slot', accessorKey: 'slot', header: 'Slot' },
  { id: 'itemId', accessorKey: 'itemId', header: 'Item id', cell: (c) => <code className="text-xs text-slate-200">{c.getValue<number>()}</code> },
  { id: 'quantity', accessorKey: 'quantity', header: 'Quantity' },
];

/** What the character carries, as its game server last wrote it (GetInventory). */
export function CharacterInventory({ characterId }: { characterId: string }) {
  const inventory = useInventory(characterId);
  return (
    <section aria-labelledby="character-inventory">
      <h2 id="character-inventory" className="mb-3 mt-8 text-lg font-semibold text-white">
        Inventory
      </h2>
      {inventory.isError ? (
        <ListLoadError what="the inventory" error={inventory.error} onRetry={() => void inventory.refetch()} />
      ) : (
        <Table
          label="Inventory"
          data={inventory.data ?? []}
          columns={columns}
          getRowId={(item) => String(item.slot)}
          loading={inventory.isPending}
          emptyMessage="This character carries nothing."
          skeletonRows={1}
        />
      )}
    </section>
  );
}
