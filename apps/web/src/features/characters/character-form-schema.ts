import { z } from '../../lib/zod';
import { CHARACTER_NAME_TOO_LONG, CHARACTER_NAME_TOO_SHORT, GENDERS, NAME_PATTERN_MESSAGE, REALMS } from './character-messages';

const required = (label: string) => z.string().min(1, `${label} is required`);
const oneOf = (values: readonly string[], label: string) => z.string().refine((v) => values.includes(v), `${label} is required`);

export const characterFormSchema = z.object({
  ownerId: required('Owner'),
  // Spaces at the ends are dropped (the server refuses them), so five spaces are too short, not a name.
  name: z
    .string()
    .trim()
    .min(3, CHARACTER_NAME_TOO_SHORT)
    .max(64, CHARACTER_NAME_TOO_LONG)
    .regex(/^[A-Za-z0-9 _-]*$/, NAME_PATTERN_MESSAGE),
  gender: oneOf(GENDERS, 'Gender'),
  realm: oneOf(REALMS, 'Realm'),
  dimensionId: required('Dimension'),
});

export type CharacterFormValues = z.infer<typeof characterFormSchema>;
export const EMPTY_CHARACTER: CharacterFormValues = { ownerId: '', name: '', gender: '', realm: '', dimensionId: '' };
