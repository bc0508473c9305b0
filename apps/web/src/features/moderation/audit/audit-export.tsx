import { useEffect, useRef, useState } from 'react';
import { buttonClasses } from '../../../components/button-styles';
import { rpcErrorParts } from '../../../lib/rpc/rpc-error';
import type { ExportProgress } from './audit-csv';
import type { AuditRequest } from '../../../lib/api/audit';
import { useAuditClient } from '../../../lib/api/audit';

type ExportState =
  { status: 'idle' } | { status: 'running'; progress: ExportProgress | null } | { status: 'failed'; message: string } | { status: 'done'; count: number };

const count = new Intl.NumberFormat('en-US');

/** Saves text as a file through a temporary link (the browser's download, no server round trip). */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has handed the blob to the download by then.
  setTimeout(() => URL.revokeObjectURL(url));
}

/** 'Export CSV': every record of the filtered set, fetched 500 at a time, with progress, Cancel and a clear error. */
export function AuditExport({ filter, disabled }: { filter: AuditRequest; disabled?: boolean }) {
  const client = useAuditClient();
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function run() {
    const controller = new AbortController();
    abort.current = controller;
    setState({ status: 'running', progress: null });
    try {
      // The CSV code (and Papa Parse) loads on the first export, not with the page.
      const { auditCsv, exportFileName, fetchAllAuditRecords } = await import('./audit-csv');
      const records = await fetchAllAuditRecords((request, options) => client.listAuditRecords(request, options), filter, {
        signal: controller.signal,
        onProgress: (progress) => setState({ status: 'running', progress }),
      });
      download(auditCsv(records), exportFileName(new Date()));
      setState({ status: 'done', count: records.length });
    } catch (error) {
      if (controller.signal.aborted) setState({ status: 'idle' });
      else {
        const { code, message } = rpcErrorParts(error);
        setState({ status: 'failed', message: `Export failed: ${code} ${message}` });
      }
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  }

  const running = state.status === 'running';
  return (
    <div className="flex flex-col items-start gap-2 sm:items-end">
      <div className="flex gap-3">
        {running && (
          <button type="button" className={buttonClasses('ghost')} onClick={() => abort.current?.abort()}>
            Cancel export
          </button>
        )}
        <button type="button" className={buttonClasses('secondary')} onClick={() => void run()} disabled={disabled || running}>
          {running ? 'Exporting…' : 'Export CSV'}
        </button>
      </div>
      {running && state.progress && state.progress.total > 0 && (
        <div className="flex items-center gap-2 text-xs text-slate-300">
          <progress
            value={state.progress.fetched}
            max={state.progress.total}
            aria-label="Export progress"
            className="h-2 w-32 overflow-hidden rounded [&::-webkit-progress-bar]:bg-white/10 [&::-webkit-progress-value]:bg-neon-cyan"
          />
          <span>
            {count.format(state.progress.fetched)} of {count.format(state.progress.total)}
          </span>
        </div>
      )}
      <p role="status" className={state.status === 'done' ? 'text-xs text-slate-300' : 'sr-only'}>
        {state.status === 'done' ? `Exported ${count.format(state.count)} ${state.count === 1 ? 'record' : 'records'}.` : running ? 'Exporting…' : ''}
      </p>
      {state.status === 'failed' && (
        <p role="alert" className="max-w-sm text-sm text-rose-300">
          {state.message}
        </p>
      )}
    </div>
  );
}
