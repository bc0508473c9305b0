import { z } from '../../lib/zod';
import { CHARACTER_NAME_TOO_LONG, CHARACTER_NAME_TOO_SHORT, GENDERS, NAME_PATTERN_MESSAGE, REALMS } from './character-messages';

const required = (label: string) => z.string().check(z.minLength(1, `${label} is required`));
const oneOf = (values: readonly string[], label: string) => z.string().check(z.refine((v) => values.includes(v), `${label} is required`));

export const characterFormSchema = z.object({
  ownerId: required('Owner'),
  // Spaces at the ends are dropped (the server refuses them), so five spaces are too short, not a name.
  name: z
    .string()
    .check(z.trim(), z.minLength(3, CHARACTER_NAME_TOO_SHORT), z.maxLength(64, CHARACTER_NAME_TOO_LONG), z.regex(/^[A-Za-z0-9 _-]*$/, NAME_PATTERN_MESSAGE)),
  gender: oneOf(GENDERS, 'Gender'),
  realm: oneOf(REALMS, 'Realm'),
  dimensionId: required('Dimension'),
});

export type CharacterFormValues = z.infer<typeof characterFormSchema>;
export const EMPTY_CHARACTER: CharacterFormValues = { ownerId: '', name: '', gender: '', realm: '', dimensionId: '' };
