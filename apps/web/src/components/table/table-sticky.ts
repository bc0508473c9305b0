const STICKY = 'sticky right-0 shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.6)]';
/** The row actions stay in view at the right edge while a wide table scrolls sideways (phones). */
export const STICKY_ACTIONS = `${STICKY} bg-night-900`;
/** Its header cell: opaque, the colour of the header row (white 5 % over night-900). */
export const STICKY_ACTIONS_HEADER = `${STICKY} bg-[color-mix(in_oklab,var(--color-night-900),white_5%)]`;
