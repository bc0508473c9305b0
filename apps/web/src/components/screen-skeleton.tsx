/**
 * Stands in for an admin screen while its code loads: a title line as tall as the page header's and a panel in the
 * place of the page's first table or card, so the screen appears in place instead of pushing anything around.
 */
export function ScreenSkeleton() {
  return (
    <div role="status" aria-busy="true" data-testid="screen-skeleton">
      <span className="sr-only">Loading the page…</span>
      <div aria-hidden="true" className="mb-6 flex h-8 items-center">
        <span className="skeleton block h-7 w-56" />
      </div>
      <div aria-hidden="true" className="min-h-[50vh] rounded-lg border border-white/10 bg-white/[0.02] p-4">
        <span className="skeleton block h-5 w-full max-w-md" />
      </div>
    </div>
  );
}
