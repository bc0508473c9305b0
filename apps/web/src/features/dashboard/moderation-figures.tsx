import { useState } from 'react';
import { ListLoadError } from '../../components/load-error';
import { FiguresWindow } from '../../gen/sro/moderation/operations_pb';
import { FIGURE_WINDOWS, useModerationFigures } from '../../lib/api/moderation-figures';
import { appealsText, banDisconnectText, queueRows, repeatText } from './figures-texts';

const COLUMNS = ['Acted on', 'p50 wait', 'p90 wait'] as const;

/**
 * How fast the queues are worked, how often sanctioned accounts offend again and how fast account bans end streams,
 * over a window the viewer picks (GetModerationFigures; docs/moderation.md "Operations wall"). Text and a table: no
 * chart for a handful of numbers.
 */
export function ModerationFigures() {
  const [span, setSpan] = useState<FiguresWindow>(FiguresWindow.DAY);
  const figures = useModerationFigures(span);
  const f = figures.data;
  return (
    <section aria-labelledby="moderation-figures-title" className="mt-6 rounded-xl border border-white/10 bg-night-900/80 p-3">
      <div className="mb-2 flex flex-wrap items-baseline gap-x-4 gap-y-2">
        <h3 id="moderation-figures-title" className="text-base font-semibold text-white">
          Moderation figures
        </h3>
        <fieldset className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-200">
          <legend className="sr-only">Window</legend>
          {FIGURE_WINDOWS.map((w) => (
            <label key={w.window} className="inline-flex items-center gap-1">
              <input type="radio" name="moderation-figures-window" checked={span === w.window} onChange={() => setSpan(w.window)} />
              {w.label}
            </label>
          ))}
        </fieldset>
      </div>
      {figures.isError && !f ? (
        <ListLoadError what="the moderation figures" error={figures.error} onRetry={() => void figures.refetch()} />
      ) : !f ? (
        <div data-testid="figures-skeleton" className="skeleton h-32 w-full" />
      ) : (
        <>
          <p className="text-sm text-slate-300" data-testid="repeat-offences">
            {repeatText(f)}
          </p>
          <p className="text-sm text-slate-300" data-testid="appeal-outcomes">
            {appealsText(f)}
          </p>
          <p className="text-sm text-slate-300" data-testid="ban-disconnect">
            {banDisconnectText(f)}
          </p>
          <table className="mt-2 w-full text-left text-sm">
            <caption className="sr-only">Time to first action per queue: items acted on in the window and how long they waited</caption>
            <thead className="text-xs uppercase tracking-wide text-slate-300">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Queue
                </th>
                {COLUMNS.map((c) => (
                  <th key={c} scope="col" className="px-3 py-1 text-right font-medium">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {queueRows(f).map(([label, ...values]) => (
                <tr key={label} className="border-t border-white/5">
                  <th scope="row" className="py-1 pr-3 font-normal text-slate-200">
                    {label}
                  </th>
                  {values.map((v, i) => (
                    <td key={COLUMNS[i]} className="px-3 py-1 text-right tabular-nums text-slate-200">
                      {v}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
