import { buttonClasses } from '../../components/button-styles';
import { useTestWebhook } from '../../lib/api/webhooks';
import { rpcFailureText } from '../../lib/rpc/rpc-error';
import { testOutcome } from './webhook-texts';

/** Sends a "webhook.test" event now and says, in words, how that one attempt went. */
export function SendTest({ webhookId }: { webhookId: string }) {
  const test = useTestWebhook(webhookId);
  const outcome = test.isPending
    ? 'Sending a test event…'
    : test.data
      ? testOutcome(test.data)
      : test.error
        ? `Could not send the test. ${rpcFailureText(test.error)}`
        : '';
  const tone = test.isPending ? 'text-slate-300' : test.data?.state === 'delivered' ? 'text-emerald-200' : 'text-rose-200';
  return (
    <section aria-labelledby="webhook-test" className="mt-8 rounded-xl border border-white/10 bg-night-900/70 p-5">
      <h2 id="webhook-test" className="text-lg font-semibold text-white">
        Test delivery
      </h2>
      <p className="mt-1 text-sm text-slate-300">Sends a signed “webhook.test” event now, once, without retries; it shows in the log below.</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <button
          type="button"
          className={buttonClasses('secondary')}
          onClick={() => test.mutate()}
          disabled={test.isPending}
          aria-busy={test.isPending || undefined}
        >
          {test.isPending ? 'Sending…' : 'Send test'}
        </button>
        {/* Polite: the outcome is read once it is known, without moving focus. */}
        <p role="status" className={`text-sm ${tone}`} data-testid="webhook-test-outcome">
          {outcome}
        </p>
      </div>
    </section>
  );
}
