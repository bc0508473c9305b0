import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { ReportMessageDialog as Dialog } from './report-message-dialog';

// The dialog (React Aria's modal and radio group) loads on the intent to report, not with the chat page.
const loadReportDialog = () => import('./report-message-dialog');
const ReportMessageDialog = lazy(() => loadReportDialog().then((module) => ({ default: module.ReportMessageDialog })));

/** Starts loading the report dialog (on hover or focus of a Report button) so the press opens it at once. */
export const preloadReportDialog = () => void loadReportDialog().catch(() => {});

/** The report dialog, mounted from the first report on (so closing plays its animation). */
export function LazyReportMessageDialog(props: ComponentProps<typeof Dialog>) {
  const [used, setUsed] = useState(false);
  if (props.target !== null && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ReportMessageDialog {...props} />
    </Suspense>
  );
}
