// Modules that keep per-user data (the persisted query cache) register a cleanup here,
// so signing out can wipe them without the auth code importing those libraries.
const cleanups = new Set<() => void>();

export function onSignOut(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
  };
}

export function runSignOutCleanups(): void {
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch (error) {
      console.error('Sign-out cleanup failed', error);
    }
  }
}
