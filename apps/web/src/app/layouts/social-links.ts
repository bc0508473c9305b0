// Community channels shown in the footer. Change here when the official accounts move.
export const GITHUB_URL = 'https://github.com/sro-game';
export const YOUTUBE_URL = 'https://www.youtube.com/@sro-game';
