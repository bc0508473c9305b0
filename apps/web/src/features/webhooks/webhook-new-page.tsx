import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { CopyButton } from '../../components/copy-button';
import { PageHeader } from '../../components/page-header';
import { useCreateWebhook } from '../../lib/api/webhooks';
import { WebhookAccess } from './webhook-access';
import { WebhookForm } from './webhook-form';
import { NEW_WEBHOOK, toWebhookInput } from './webhook-form-schema';
import { safeUrl } from './webhook-texts';

interface Created {
  id: string;
  url: string;
  secret: string;
}

/** /admin/webhooks/new: the form, then the signing secret, shown this once (it lives only in this page's state). */
export default function WebhookNewPage() {
  const create = useCreateWebhook();
  const [created, setCreated] = useState<Created | null>(null);
  return (
    <WebhookAccess>
      <title>Register webhook · SRO Admin</title>
      <PageHeader title="Register webhook" />
      {created ? (
        <SigningSecret created={created} />
      ) : (
        <WebhookForm
          initial={NEW_WEBHOOK}
          saving={create.isPending}
          cancelTo="/admin/webhooks"
          onSubmit={(values) =>
            create.mutateAsync(toWebhookInput(values)).then(({ webhook, secret }) => setCreated({ id: webhook.id, url: webhook.url, secret }))
          }
        />
      )}
    </WebhookAccess>
  );
}

function SigningSecret({ created }: { created: Created }) {
  return (
    <section aria-labelledby="webhook-secret" className="max-w-2xl space-y-4 rounded-xl border border-emerald-400/30 bg-night-900/70 p-5 sm:p-6">
      <h2 id="webhook-secret" className="text-lg font-semibold text-white">
        Registered {safeUrl(created.url)}
      </h2>
      {created.secret ? (
        <>
          <p className="text-sm text-slate-300">
            The signing secret is shown only now and never again. Give it to the receiver: it checks each delivery's <code>webhook-signature</code> header with
            a Standard Webhooks library.
          </p>
          <div className="flex items-center gap-2 rounded-md border border-white/15 bg-night-950 px-3 py-2">
            <code className="min-w-0 flex-1 break-all text-sm text-neon-cyan" data-testid="webhook-secret">
              {created.secret}
            </code>
            <CopyButton text={created.secret} label="Copy signing secret" />
          </div>
        </>
      ) : (
        <p className="text-sm text-slate-300">The server returned no signing secret for this endpoint.</p>
      )}
      <div className="flex flex-wrap gap-3">
        <Link to={`/admin/webhooks/${created.id}`} className={buttonClasses('primary')}>
          I have stored it: open the endpoint
        </Link>
        <Link to="/admin/webhooks" className={buttonClasses('secondary')}>
          Back to webhooks
        </Link>
      </div>
    </section>
  );
}
