/** The row actions stay in view at the right edge while a wide table scrolls sideways (phones). */
export const STICKY_ACTIONS = 'sticky right-0 bg-night-900 shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.6)]';
