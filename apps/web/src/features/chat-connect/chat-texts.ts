import { serverUnreachableText } from '../../lib/rpc/rpc-error';

// Exact texts of docs/product.md#states-and-transitions, #validation, #texts-and-errors for the chat connect view, and the ban choices (docs/product.md#constants-and-limits).

export const SELECT_CHARACTER_INFO = 'Select character to connect';
export const NO_CHARACTER_SELECTED = 'No character selected. Please select a character.';
export const CHAT_DISCONNECTED = 'Chat disconnected';
export const RECONNECTING = 'Reconnecting...';
export const PERMISSION_DENIED_TEXT = 'You do not have permission to access this chat';
export const UNAUTHENTICATED_TEXT = 'You are not authenticated';
export const SCROLL_TO_BOTTOM = 'SCROLL TO BOTTOM';

// The details of those texts when the network failed, instead of the browser's 'Failed to fetch'.
export const CHAT_SERVER_UNREACHABLE = serverUnreachableText('The chat server');
export const CHAT_CONNECTION_LOST = 'The connection to the chat server was lost.';

export const connectionFailedText = (message: string) => `Chat connection: ${message}`;
export const connectingFailedText = (message: string) => `Connecting to chat: ${message}`;
export const sendFailedText = (message: string) => `Sending message: ${message}`;
export const banFailedText = (message: string) => `Error banning user: ${message}`;
/** The info that follows 'Chat disconnected': how the stream ended, e.g. 'Status code: UNAVAILABLE (14)'. */
export const statusCodeText = (name: string, code: number) => `Status code: ${name} (${code})`;

/** docs/product.md#constants-and-limits ban durations in seconds; -1 is permanent. Labels match the values (the old app said '5 minute' for 60 s). */
export interface BanOption {
  label: string;
  seconds: number;
}
export const BAN_OPTIONS: readonly BanOption[] = [
  { label: '1 minute', seconds: 60 },
  { label: '1 hour', seconds: 3600 },
  { label: '1 day', seconds: 86400 },
  { label: 'permanently', seconds: -1 },
];

export const banMenuItemText = (option: BanOption) => (option.seconds < 0 ? 'Ban permanently' : `Ban for ${option.label}`);

/** docs/product.md#texts-and-errors: 'the user is banned for {n}s or permanently', said so a moderator cannot misread it. */
export function banSuccessText(senderName: string, option: BanOption): string {
  return option.seconds < 0
    ? `${senderName} is banned from this chat permanently.`
    : `${senderName} is banned from this chat for ${option.seconds}s (${option.label}).`;
}

export const CHAT_ID_REQUIRED = 'Chat ID is required';
