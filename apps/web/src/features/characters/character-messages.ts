// Exact texts from docs/product.md#validation, #texts-and-errors.
export const CHARACTER_NAME_TOO_SHORT = 'Name too short';
export const CHARACTER_NAME_TOO_LONG = 'Name too long';
export const NAME_PATTERN_MESSAGE = 'Name can only contain letters, numbers and dashes';
export const characterCreatedText = (name: string, id: string) => `Character ${name} (${id}) created!`;
export const CHARACTER_UPDATED = 'Character update successful!';
export const CHARACTER_DELETED = 'The character has been deleted successfully.';
export const CHARACTER_ID_REQUIRED = 'Character ID is required';
/** Service toast after the authorized channels are saved. */
export const CHAT_CHANNELS_UPDATED = 'Chat channels updated';

export const GENDERS = ['male', 'female'] as const;
export const REALMS = ['human', 'cyborg'] as const;
export const capitalize = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);
