import { lazy, Suspense, useMemo } from 'react';
import { ListLoadError } from '../../components/load-error';
import { WhenNearView } from '../../components/when-near-view';
import { groupByDimension, useOperationsWall, wallTotals, type DimensionGroup, type WallChannel } from '../../lib/api/operations-wall';
import { OldestOpen, OnlineNow } from './online-now';
import { wallStatusText } from './online-texts';
import { chartSeries, formatAge, formatP99 } from './operations-series';
import { CHART_HEIGHT, TimeSeriesChart } from './time-series-chart';

// Its own chunk, loaded when the user scrolls near it: the block sits below the wall, past the first screen, and
// /admin's first load is at its size ceiling (e2e/tests/route-size.spec.ts).
const ModerationFigures = lazy(() => import('./moderation-figures').then((m) => ({ default: m.ModerationFigures })));

const count = (n: number) => n.toLocaleString('en-US');

/** The wall's three charts; their titles are known before the data, so the skeleton shows them too. */
const CHARTS = [
  { title: 'Open streams', metric: 'openStreams' as const, integer: true, format: (v: number) => count(Math.round(v)) },
  { title: 'Messages per minute', metric: 'messagesPerMinute' as const, integer: true, format: (v: number) => count(Math.round(v)) },
  { title: 'Delivery p99 (ms)', metric: 'deliveryP99Ms' as const, integer: false, format: (v: number) => (v >= 10 ? count(Math.round(v)) : v.toFixed(1)) },
];

const COLUMNS = ['Open streams', 'Messages / min', 'Held waiting', 'Oldest held', 'Sanctions (1 h)', 'Delivery p99'] as const;

function figures(c: Omit<WallChannel, 'channelId' | 'channelName' | 'dimensionId' | 'dimensionName'>) {
  return [
    count(c.openStreams),
    count(c.messagesPerMinute),
    count(c.heldWaiting),
    formatAge(c.oldestHeldAgeMs),
    count(c.sanctionsLastHour),
    formatP99(c.deliveryP99Ms),
  ];
}

/**
 * The live operations wall: the players online now per dimension, then per dimension and channel the cluster's open
 * streams, messages per minute, held messages and the oldest one's age, sanctions in the last hour and delivery p99 —
 * polled every 3 s, with charts of the last five minutes. The table is the charts' text alternative.
 */
export function OperationsWall() {
  const wall = useOperationsWall();
  const snapshot = wall.data?.snapshot;
  const history = wall.data?.history;
  const groups = useMemo(() => (snapshot ? groupByDimension(snapshot.channels) : []), [snapshot]);
  const charts = useMemo(() => history && CHARTS.map((c) => ({ ...c, series: chartSeries(history, c.metric, groups) })), [history, groups]);

  return (
    <section aria-labelledby="operations-title" className="mt-10">
      <div className="mb-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id="operations-title" className="text-lg font-semibold text-white">
          Live operations
        </h2>
        {snapshot && (
          <p className="text-sm text-slate-300" data-testid="operations-status">
            {wallStatusText(snapshot.nodes, snapshot.sanctionsLastHour)} · updated {new Date(snapshot.timeMs).toLocaleTimeString('en-GB')}
          </p>
        )}
      </div>
      {wall.isError && !snapshot ? (
        <ListLoadError what="the operations wall" error={wall.error} onRetry={() => void wall.refetch()} />
      ) : !snapshot || !charts ? (
        <WallSkeleton />
      ) : (
        <>
          <OnlineNow snapshot={snapshot} />
          <OldestOpen />
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
            {charts.map((c) => (
              <TimeSeriesChart
                key={c.metric}
                title={c.title}
                description="per dimension over the last five minutes; the table below has the current figures."
                series={c.series}
                formatValue={c.format}
                integer={c.integer}
              />
            ))}
          </div>
          <WallTable groups={groups} totals={wallTotals(snapshot.channels)} />
          <WhenNearView placeholder={<FiguresPlaceholder />}>
            <Suspense fallback={<FiguresPlaceholder />}>
              <ModerationFigures />
            </Suspense>
          </WhenNearView>
        </>
      )}
    </section>
  );
}

/** Where the moderation figures will be until they load, at their height (measured at 375 and 1440 px), so the
 * characters below them do not move. */
const FiguresPlaceholder = () => (
  // Not a skeleton: nothing is loading until the user scrolls near it (a settled page has no skeletons).
  <div className="mt-6 h-[345px] w-full rounded-xl border border-white/10 bg-night-900/80 md:h-[237px]" data-testid="moderation-figures-placeholder" />
);

/**
 * The wall while its first poll is on its way, the size it will have: the chart frames with their titles, and the
 * table of the smallest wall (one channel: its dimension's row, its own, the totals), so what follows barely moves.
 */
function WallSkeleton() {
  return (
    <div data-testid="skeleton">
      <div className="skeleton mb-4 h-5 w-full" />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        {CHARTS.map((c) => (
          <div key={c.metric} className="rounded-xl border border-white/10 bg-night-900/80 p-3">
            <p className="mb-2 text-sm font-medium text-slate-300">{c.title}</p>
            <div className={`skeleton w-full ${CHART_HEIGHT}`} />
          </div>
        ))}
      </div>
      <div className="skeleton mt-4 h-36 w-full rounded-xl" />
    </div>
  );
}

function WallTable({ groups, totals }: { groups: DimensionGroup[]; totals: ReturnType<typeof wallTotals> }) {
  if (groups.length === 0) return <p className="mt-4 text-sm text-slate-300">No chat channels yet.</p>;
  return (
    // Scrolls sideways on a phone (the channel column stays put); focusable so a keyboard can scroll it too.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard to scroll it (WCAG 2.1.1, axe scrollable-region-focusable)
    <div role="region" aria-label="Operations by channel" tabIndex={0} className="mt-4 overflow-x-auto rounded-xl border border-white/10 bg-night-900">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">Live figures per channel, grouped by dimension, summed over every node</caption>
        <thead className="text-xs uppercase tracking-wide text-slate-300">
          <tr>
            <th scope="col" className="sticky left-0 bg-night-900 px-3 py-2 font-medium">
              Channel
            </th>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 text-right font-medium">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        {groups.map((g) => (
          <tbody key={g.key || 'every'} className="border-t border-white/10">
            <tr className="bg-night-800">
              <th scope="rowgroup" className="sticky left-0 bg-night-800 px-3 py-2 font-semibold text-neon-cyan">
                {g.label}
              </th>
              {figures(g.totals).map((value, i) => (
                <td key={COLUMNS[i]} className="px-3 py-2 text-right font-semibold tabular-nums text-white">
                  {value}
                </td>
              ))}
            </tr>
            {g.channels.map((c) => (
              <tr key={c.channelId} data-channel-id={c.channelId} className="border-t border-white/5">
                <th scope="row" className="sticky left-0 bg-night-900 px-3 py-2 pl-6 font-normal text-slate-200">
                  {c.channelName}
                </th>
                {figures(c).map((value, i) => (
                  <td key={COLUMNS[i]} data-column={COLUMNS[i]} className="px-3 py-2 text-right tabular-nums text-slate-200">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
        <tfoot className="border-t border-white/20">
          <tr>
            <th scope="row" className="sticky left-0 bg-night-900 px-3 py-2 font-semibold text-white">
              All channels
            </th>
            {figures(totals).map((value, i) => (
              <td key={COLUMNS[i]} className="px-3 py-2 text-right font-semibold tabular-nums text-white">
                {value}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
