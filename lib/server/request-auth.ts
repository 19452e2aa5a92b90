import 'server-only';

/** What the caller of a route may see. */
export interface RequestAccess {
  /** Verified adult (SPEC §5/§6): only then are R+/Rx ratings and adult genres shown. */
  adult: boolean;
}

/**
 * The one place a route learns who is asking. The adult flag is never read from the query string
 * or any other caller-controlled input: until sign-in lands (its issue adds the verified token
 * check here), every request is anonymous and gets no adult content.
 */
export async function getRequestAccess(_request: Request): Promise<RequestAccess> {
  return { adult: false };
}
