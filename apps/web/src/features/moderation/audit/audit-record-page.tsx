import { useMemo } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/button-styles';
import { CopyableId, CopyButton } from '../../../components/copy-button';
import { DescriptionList } from '../../../components/description-list';
import { IdText } from '../../../components/id-text';
import { ItemLoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useRequiredParam } from '../../../lib/use-required-param';
import { diffJson } from './audit-diff';
import { AuditDiffTable } from './audit-diff-table';
import { actorLabel } from '../../../lib/api/audit-entry';
import { auditHistoryHref } from './audit-query';
import { AuditTarget, AuditTime } from './audit-table';
import { useAuditRecord } from '../../../lib/api/audit';
import { useAreaHref, belowConsole } from '../../../lib/area-links';

/** /admin/audit/:id: one record — who, when, from where — and the diff of its before and after. */
export default function AuditRecordPage() {
  const id = useRequiredParam('id', 'Audit record ID is required');
  const record = useAuditRecord(id);
  const data = record.data;
  const href = useAreaHref();
  const historyHref = data?.targetId ? href(belowConsole(auditHistoryHref(data.targetType, data.targetId))) : undefined;
  const rows = useMemo(() => (data ? diffJson(data.beforeJson, data.afterJson) : []), [data]);
  if (record.isError)
    return (
      <ItemLoadError
        what="audit record"
        error={record.error}
        onRetry={() => void record.refetch()}
        backTo={href('audit') ?? '/'}
        backLabel="Back to the audit log"
      />
    );
  return (
    <>
      <title>{`${data?.action ?? 'Audit record'} · Audit log · SRO Admin`}</title>
      <PageHeader
        title={data ? <code className="font-mono">{data.action}</code> : <span className="skeleton inline-block h-7 w-48 align-middle" />}
        description="Audit record"
        actions={
          historyHref && (
            <Link to={historyHref} className={buttonClasses('secondary')}>
              Target history
            </Link>
          )
        }
      />
      <DescriptionList
        loading={!data}
        items={[
          { term: 'Time', value: data && <AuditTime ms={data.timeMs} /> },
          {
            term: 'Actor',
            value: data && (
              <>
                <span className="block">{actorLabel(data)}</span>
                {data.actorName && <IdText id={data.actorId} />}
              </>
            ),
          },
          { term: 'Target', value: data && <AuditTarget entry={data} /> },
          { term: 'Source address', value: data && (data.sourceAddress ? <code>{data.sourceAddress}</code> : '—') },
          {
            term: 'Request id',
            value:
              data &&
              (data.requestId ? (
                <span className="inline-flex max-w-full items-center gap-1">
                  <IdText id={data.requestId} />
                  <CopyButton text={data.requestId} label="Copy request id" />
                </span>
              ) : (
                '—'
              )),
          },
          { term: 'Record id', value: <CopyableId id={data?.id} /> },
        ]}
      />
      <h2 className="mb-3 mt-8 text-lg font-semibold text-white">Changes</h2>
      {data ? <AuditDiffTable rows={rows} /> : <span className="skeleton block h-32 w-full" />}
    </>
  );
}
