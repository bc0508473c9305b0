import { z } from '../../lib/zod';
import { CHAT_NAME_TOO_LONG, CHAT_NAME_TOO_SHORT, NAME_PATTERN_MESSAGE } from './chat-messages';

export const chatFormSchema = z.object({
  // Spaces at the ends are dropped (the server refuses them), so five spaces are too short, not a name.
  name: z
    .string()
    .check(z.trim(), z.minLength(3, CHAT_NAME_TOO_SHORT), z.maxLength(64, CHAT_NAME_TOO_LONG), z.regex(/^[A-Za-z0-9 _-]*$/, NAME_PATTERN_MESSAGE)),
  /** '' = every dimension. */
  dimensionId: z.string(),
  public: z.boolean(),
});

export type ChatFormValues = z.infer<typeof chatFormSchema>;
export const EMPTY_CHAT: ChatFormValues = { name: '', dimensionId: '', public: false };

/** The edit request's optional fields: only name, dimension and public that changed. */
export function chatChanges(before: ChatFormValues, after: ChatFormValues) {
  return {
    ...(after.name !== before.name ? { name: after.name } : {}),
    ...(after.dimensionId !== before.dimensionId ? { dimension: after.dimensionId } : {}),
    ...(after.public !== before.public ? { public: after.public } : {}),
  };
}
