import { Link } from 'react-router';
import type { PaginationState } from '@tanstack/react-table';
import { IdText } from '../../../components/id-text';
import { Table, type TableColumns } from '../../../components/table/table';
import { actorLabel, type AuditEntry } from '../../../lib/api/audit-entry';
import { targetHref } from './audit-query';
import { useAuditTargetName } from './audit-target-name';
import { useAreaHref, belowConsole } from '../../../lib/area-links';

const NO_SORTING: never[] = [];
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

export function AuditTime({ ms }: { ms: number }) {
  return (
    <time dateTime={new Date(ms).toISOString()} className="text-slate-200">
      <span className="block whitespace-nowrap">{dateFormat.format(ms)}</span>
      <span className="block whitespace-nowrap text-xs text-slate-400">{timeFormat.format(ms)}</span>
    </time>
  );
}

export function AuditTarget({ entry }: { entry: Pick<AuditEntry, 'targetType' | 'targetId' | 'action'> }) {
  const consoleHref = targetHref(entry);
  const areaHref = useAreaHref();
  const href = consoleHref && areaHref(belowConsole(consoleHref));
  const name = useAuditTargetName(entry);
  const id = entry.targetId ? <IdText id={entry.targetId} /> : null;
  return (
    <span className="block">
      <span className="block text-slate-200">
        {entry.targetType || '—'}
        {name && (
          <>
            {' '}
            <span className="font-medium text-white" data-testid="audit-target-name">
              {name}
            </span>
          </>
        )}
      </span>
      {href ? (
        <Link
          to={href}
          className="rounded underline decoration-neon-cyan/60 underline-offset-4 hover:decoration-neon-cyan"
          aria-label={name ? `${entry.targetType} ${name} (${entry.targetId})` : `${entry.targetType} ${entry.targetId}`}
        >
          {id}
        </Link>
      ) : (
        id
      )}
    </span>
  );
}

const columns: TableColumns<AuditEntry> = [
  {
    id: 'time',
    header: 'Time',
    enableSorting: false,
    // Date over time, each unbroken: narrow enough for a phone; the cell links to the record (its detail).
    cell: ({ row }) => <AuditTime ms={row.original.timeMs} />,
  },
  {
    // Second: on a phone the first two columns are what shows before the table scrolls sideways.
    id: 'action',
    header: 'Action',
    enableSorting: false,
    cell: ({ row }) => <code className="whitespace-nowrap text-neon-cyan">{row.original.action}</code>,
  },
  {
    id: 'actor',
    header: 'Actor',
    enableSorting: false,
    cell: ({ row }) => <AuditActor entry={row.original} />,
  },
  { id: 'target', header: 'Target', enableSorting: false, cell: ({ row }) => <AuditTarget entry={row.original} /> },
  { id: 'requestId', header: 'Request id', enableSorting: false, cell: ({ row }) => <IdText id={row.original.requestId} /> },
];

/**
 * Who acted, linking to their player page where the area has one. Link and useAreaHref here rather than PlayerLink:
 * a module shared by several screens becomes a script of its own, and its framing put this route over its ceiling.
 */
function AuditActor({ entry }: { entry: AuditEntry }) {
  const href = useAreaHref()(`accounts/${entry.actorId}`);
  const name = actorLabel(entry);
  return (
    <span className="block">
      {entry.actorId && href ? (
        <Link to={href} className="block font-medium text-white underline decoration-neon-cyan/60 underline-offset-4 hover:text-neon-cyan">
          {name}
        </Link>
      ) : (
        <span className="block font-medium text-white">{name}</span>
      )}
      {entry.actorName && entry.actorId && <IdText id={entry.actorId} />}
    </span>
  );
}

interface Props {
  records: readonly AuditEntry[];
  total: number;
  loading: boolean;
  pagination: PaginationState;
  onPaginationChange: (pagination: PaginationState) => void;
  emptyMessage: string;
  /** The table's name (default 'Audit log'). */
  label?: string;
}

/** The server pages the log (manual mode) and always sends it newest first, so the columns do not sort. */
export function AuditTable({ records, total, loading, pagination, onPaginationChange, emptyMessage, label = 'Audit log' }: Props) {
  const href = useAreaHref();
  return (
    <Table
      label={label}
      data={records}
      columns={columns}
      getRowId={(r) => r.id}
      loading={loading}
      emptyMessage={emptyMessage}
      manual={{ rowCount: total, sorting: NO_SORTING, onSortingChange: () => {}, pagination, onPaginationChange }}
      detailHref={(r) => href(`audit/${encodeURIComponent(r.id)}`) ?? ''}
    />
  );
}
