import { changedCount, type DiffRow, type FieldChange } from './audit-diff';

const CHANGE_LABELS: Record<FieldChange, string> = { added: 'Added', removed: 'Removed', changed: 'Changed', unchanged: '' };
const ROW_CLASSES: Record<FieldChange, string> = {
  added: 'bg-emerald-400/10',
  removed: 'bg-rose-400/10',
  changed: 'bg-amber-300/10',
  unchanged: '',
};
// A bar at the row's start as well as the tint: the tint alone is faint on a dark screen.
const BAR_CLASSES: Record<FieldChange, string> = {
  added: 'shadow-[inset_3px_0_0_var(--color-emerald-400)]',
  removed: 'shadow-[inset_3px_0_0_var(--color-rose-400)]',
  changed: 'shadow-[inset_3px_0_0_var(--color-amber-300)]',
  unchanged: '',
};
const MARK_CLASSES: Record<FieldChange, string> = {
  added: 'text-emerald-300',
  removed: 'text-rose-300',
  changed: 'text-amber-200',
  unchanged: '',
};

function Value({ text }: { text: string | undefined }) {
  if (text === undefined)
    return (
      <span className="block text-xs text-slate-500">
        —<span className="sr-only">absent</span>
      </span>
    );
  return <span className="block whitespace-pre-wrap font-mono text-xs [overflow-wrap:anywhere]">{text}</span>;
}

/** Field, before, after; changed fields highlighted and named (not by colour alone). */
export function AuditDiffTable({ rows }: { rows: readonly DiffRow[] }) {
  if (rows.length === 0) return <p className="rounded-xl border border-white/10 bg-night-900/70 p-5 text-sm text-slate-300">This record holds no values.</p>;
  const changed = changedCount(rows);
  return (
    <>
      <p className="mb-3 text-sm text-slate-300">
        {changed} of {rows.length} {rows.length === 1 ? 'field' : 'fields'} changed.
      </p>
      <div className="overflow-x-auto rounded-xl border border-white/10 bg-night-900/70">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">Changes</caption>
          <colgroup>
            <col className="w-1/4" />
            <col className="w-3/8" />
            <col className="w-3/8" />
          </colgroup>
          <thead className="bg-white/5 text-xs uppercase tracking-wide text-slate-300">
            <tr>
              <th scope="col" className="px-3 py-2.5">
                Field
              </th>
              <th scope="col" className="px-3 py-2.5">
                Before
              </th>
              <th scope="col" className="px-3 py-2.5">
                After
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5">
            {rows.map((row) => (
              <tr key={row.field} className={ROW_CLASSES[row.change]} data-change={row.change}>
                <th scope="row" className={`px-3 py-2.5 align-top font-normal ${BAR_CLASSES[row.change]}`}>
                  <code className="block font-mono text-xs text-slate-100 [overflow-wrap:anywhere]">{row.field}</code>
                  {row.change !== 'unchanged' && <span className={`text-xs font-semibold ${MARK_CLASSES[row.change]}`}>{CHANGE_LABELS[row.change]}</span>}
                </th>
                <td className="px-3 py-2.5 align-top text-slate-200">
                  <Value text={row.before} />
                </td>
                <td className="px-3 py-2.5 align-top text-slate-200">
                  <Value text={row.after} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
