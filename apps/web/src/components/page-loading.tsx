export function PageLoading({ message = 'Loading…' }: { message?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-slate-300">
      <span aria-hidden="true" className="size-10 animate-spin rounded-full border-2 border-neon-cyan/30 border-t-neon-cyan" />
      <p>{message}</p>
    </div>
  );
}
