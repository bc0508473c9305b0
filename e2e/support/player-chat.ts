import type { Page } from '@playwright/test';
import { pageToken, sendAs, type RestResult } from './chat';

export interface PlayerStreamState {
  /** Contents received, in order. */
  messages: string[];
  /** HTTP status of the stream's response (0 until it answered). */
  status: number;
  /** The error line or error body that ended the stream, if any. */
  error: { code: number | string; message: string } | null;
  ended: boolean;
}

declare global {
  interface Window {
    playerChat?: PlayerStreamState;
  }
}

/**
 * A player's minimal chat client, running in the player's own browser page with their own token: the REST
 * stream of the channel (NDJSON, one {"result"} per message and a final {"error"}) and REST sends.
 */
export class PlayerChat {
  private constructor(
    private readonly page: Page,
    private readonly channelId: string,
    private readonly characterId: string,
  ) {}

  static async open(page: Page, channelId: string, characterId: string): Promise<PlayerChat> {
    const token = await pageToken(page);
    await page.evaluate(
      ({ channelId, characterId, token }) => {
        const state: PlayerStreamState = { messages: [], status: 0, error: null, ended: false };
        window.playerChat = state;
        void (async () => {
          const response = await fetch(`/v1/message/channel/id/${channelId}?characterId=${characterId}&history=true`, {
            headers: { authorization: `Bearer ${token}` },
          });
          state.status = response.status;
          if (!response.ok) {
            state.error = (await response.json()) as PlayerStreamState['error'];
            state.ended = true;
            return;
          }
          const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
          let buffered = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffered += value;
            const lines = buffered.split('\n');
            buffered = lines.pop() ?? '';
            for (const line of lines.filter((l) => l.trim())) {
              const item = JSON.parse(line) as { result?: { content: string }; error?: PlayerStreamState['error'] };
              if (item.result) state.messages.push(item.result.content);
              if (item.error) state.error = item.error;
            }
          }
          state.ended = true;
        })().catch((error: unknown) => {
          state.error = { code: 'client', message: String(error) };
          state.ended = true;
        });
      },
      { channelId, characterId, token },
    );
    return new PlayerChat(page, channelId, characterId);
  }

  state(): Promise<PlayerStreamState> {
    return this.page.evaluate(() => window.playerChat!);
  }

  async messages(): Promise<string[]> {
    return (await this.state()).messages;
  }

  send(content: string): Promise<RestResult> {
    return sendAs(this.page, this.channelId, this.characterId, content);
  }
}
