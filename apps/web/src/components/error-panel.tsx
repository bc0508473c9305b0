import type { ReactNode } from 'react';

/** An in-page error (failed load, missing item) with an optional way out. */
export function ErrorPanel({ title = 'Something went wrong', message, children }: { title?: string; message: string; children?: ReactNode }) {
  return (
    <div role="alert" className="rounded-xl border border-rose-400/40 bg-rose-950/30 p-5">
      <h2 className="font-semibold text-rose-200">{title}</h2>
      <p className="mt-1 text-sm text-rose-100">{message}</p>
      {children && <div className="mt-4">{children}</div>}
    </div>
  );
}
