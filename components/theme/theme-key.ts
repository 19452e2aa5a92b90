/** SPEC §3: where the theme choice is stored ('light' or 'dark'; nothing stored follows the system). */
export const THEME_KEY = 'theme';
