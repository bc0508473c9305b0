// Exact texts from docs/product.md#validation, #texts-and-errors. Channel names follow the shared name rules; their
// messages use the character wording ('too short'); docs/product.md#validation gives none of their own.
export const CHAT_NAME_TOO_SHORT = 'Name too short';
export const CHAT_NAME_TOO_LONG = 'Name too long';
export const NAME_PATTERN_MESSAGE = 'Name can only contain letters, numbers and dashes';
export const chatCreatedText = (name: string, id: string) => `Chat channel ${name} (${id}) created!`;
export const CHAT_UPDATED = 'Chat update successful!';
export const CHAT_DELETED = 'The chat has been deleted successfully.';
export const CHAT_ID_REQUIRED = 'Chat ID is required';
