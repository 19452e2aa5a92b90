/** SPEC §2 Search bar / §9: the seven fixed popular searches, in the SPEC's order. */
export const POPULAR_SEARCHES = [
  'Naruto',
  'Dragon Ball',
  'One Piece',
  'Attack on Titan',
  'Death Note',
  'Fullmetal Alchemist',
  'My Hero Academia',
] as const;
