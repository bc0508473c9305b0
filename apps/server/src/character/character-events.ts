/** What other services may want to hear about characters (chat ends or re-checks the character's streams). */
export type CharacterEvent = { type: "deleted"; characterId: string } | { type: "edited"; characterId: string };

export type CharacterListener = (event: CharacterEvent) => void | Promise<void>;

/**
 * Listeners are wired where the app is put together (compose.ts). The rpc answers once every listener has handled
 * the event, so a caller that sees the answer can count on the consequences; a listener's failure never undoes the
 * change (each listener logs its own).
 */
export class CharacterEvents {
  private readonly listeners = new Set<CharacterListener>();

  subscribe(listener: CharacterListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  async emit(event: CharacterEvent): Promise<void> {
    await Promise.allSettled([...this.listeners].map(async (listener) => listener(event)));
  }
}
