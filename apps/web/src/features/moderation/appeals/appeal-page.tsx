import { useState } from 'react';
import { buttonClasses } from '../../../components/button-styles';
import { DescriptionList } from '../../../components/description-list';
import { ItemLoadError } from '../../../components/load-error';
import { useNotify } from '../../../components/notifications/notification-context';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/access/capabilities';
import { useAppeal } from '../../../lib/api/appeals';
import { DECISION_LABELS } from '../../../lib/appeals/appeal-records';
import { useAreaHref } from '../../../lib/area-links';
import { useRequiredParam } from '../../../lib/use-required-param';
import { appealItems, EvidenceAndHistory, sanctionItems } from './appeal-parts';
import { DecideDialog } from './decide-dialog';

/** /admin/appeals/:id and /moderation/appeals/:id: one appeal, its sanction, the evidence, the player's history. */
export default function AppealPage() {
  const id = useRequiredParam('id', 'Appeal ID is required');
  const detail = useAppeal(id);
  const can = useCan();
  const notify = useNotify();
  const href = useAreaHref();
  const [deciding, setDeciding] = useState(false);
  const data = detail.data;

  if (detail.isError) {
    return (
      <ItemLoadError what="appeal" error={detail.error} onRetry={() => void detail.refetch()} backTo={href('appeals') ?? '/'} backLabel="Back to appeals" />
    );
  }
  const open = data?.appeal.decision === 'open';
  return (
    <>
      <title>Appeal · SRO Admin</title>
      <PageHeader
        title={data ? `Appeal of ${data.appeal.accountName || data.appeal.accountId}` : <span className="skeleton inline-block h-7 w-48 align-middle" />}
        description="Appeal"
        actions={
          open &&
          can('appeals.decide') && (
            <button type="button" className={buttonClasses('primary')} onClick={() => setDeciding(true)}>
              Decide…
            </button>
          )
        }
      />
      <DescriptionList loading={!data} items={appealItems(data?.appeal)} />
      <h2 className="mb-2 mt-6 text-lg font-semibold text-white">Sanction</h2>
      <DescriptionList loading={!data} items={sanctionItems(data?.appeal.sanction)} />
      {data && <EvidenceAndHistory detail={data} />}
      <DecideDialog
        appealId={deciding && data ? data.appeal.id : null}
        currentEndMs={data?.appeal.sanction?.expiresAtMs ?? 0}
        onClose={() => setDeciding(false)}
        onDecided={(decision) => {
          setDeciding(false);
          notify.success(`${DECISION_LABELS[decision]}. The player sees it now.`);
        }}
      />
    </>
  );
}
