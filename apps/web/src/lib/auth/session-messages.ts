// Exact texts from docs/product.md#texts-and-errors (Session). Tests and e2e import these, so keep them verbatim.
export const MSG_PROFILE_ERROR = 'Error loading user profile';
export const MSG_USERINFO_ERROR = 'Error loading user info';
export const MSG_LOGGED_OUT_INACTIVE = 'You have been logged out due to inactivity';
export const MSG_INACTIVITY_WARNING = 'You are about to be logged out due to inactivity';
export const MSG_NOT_AUTHENTICATED = 'User is not authenticated';
export const MSG_THIRD_PARTY_COOKIES = 'Third-party cookies appear to be blocked: silent authentication and session-change detection are disabled.';

// Our own wording for sign-in failures (docs/product.md#texts-and-errors lists none).
export const MSG_LOGIN_UNAVAILABLE = 'Sign-in is unavailable right now: the identity service could not be reached. Please try again later.';
export const MSG_LOGIN_NOT_CONFIGURED = 'Sign-in is unavailable right now: the site configuration could not be loaded. Please reload the page later.';
export const MSG_LOGOUT_FAILED = 'You were signed out of this browser, but the identity service could not be reached to end your session there.';
