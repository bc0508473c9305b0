import { Table, type TableColumns } from '../table/table';
import { ListLoadError } from '../load-error';
import { PlayerActionKind, type PlayerRemoval } from '../../gen/sro/gameserver/control_pb';
import { usePlayerRemovals, type RemovalsOf } from '../../lib/api/game-sessions';
import { formatLocalTime } from '../../lib/sanctions/sanction-records';
import { removalOutcome } from './removal-texts';

const columns: TableColumns<PlayerRemoval> = [
  { id: 'requestedAt', header: 'When', accessorFn: (r) => Number(r.requestedAtMs), cell: (c) => formatLocalTime(c.getValue<number>()) },
  { id: 'kind', header: 'Kind', accessorFn: (r) => (r.kind === PlayerActionKind.BAN ? 'Ban' : 'Kick') },
  { id: 'message', header: 'Message to the player', accessorKey: 'message' },
  { id: 'outcome', header: 'Outcome', enableSorting: false, accessorFn: (r) => removalOutcome(r).text },
];

interface Props {
  of: RemovalsOf;
  emptyMessage: string;
}

/** Removals from game servers (a character's, or those a sanction caused), newest first, each with its outcome. */
export function PlayerRemovals({ of, emptyMessage }: Props) {
  const removals = usePlayerRemovals(of);
  return (
    <section aria-labelledby="player-removals">
      <h2 id="player-removals" className="mb-3 mt-8 text-lg font-semibold text-white">
        Removals from game servers
      </h2>
      {removals.isError ? (
        <ListLoadError what="the removals" error={removals.error} onRetry={() => void removals.refetch()} />
      ) : (
        <Table
          label="Removals from game servers"
          data={removals.data ?? []}
          columns={columns}
          getRowId={(r) => r.id}
          loading={removals.isPending}
          emptyMessage={emptyMessage}
          skeletonRows={1}
        />
      )}
    </section>
  );
}
