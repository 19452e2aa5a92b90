/**
 * Longest query the search API accepts (lib/server/http.ts MAX_QUERY_LENGTH). A module of its own:
 * the header's search bar needs only this, not the search parameters' parsing.
 */
export const MAX_SEARCH_LENGTH = 200;
