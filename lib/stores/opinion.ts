/** SPEC §4: the longest opinion the rating form accepts (characters, after trimming). */
export const MAX_OPINION_LENGTH = 5000;
