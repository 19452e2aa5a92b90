// The signed-in user's synced library (lib/library): GET pulls the entries changed after a
// version, POST pushes a device's changes (one transaction), DELETE erases every synced entry and
// tombstone (and the public profile made of them). Every answer names the database's generation
// (lib/db/generation.ts). Changes that would take the user past the bound of entries
// (MAX_LIBRARY_ENTRIES) are refused 422 with a message naming it and the refused entries (the
// rest of the push is kept); a stamp too far ahead is refused 400 CLOCK_AHEAD with the server's
// time; tombstones older than 90 days are compacted after a push. Only for a verified Google
// identity, only that user's rows; answers are private.
import { after, type NextRequest } from 'next/server';
import { z } from 'zod';
import { getDb } from '@/lib/db';
import { validatePush } from '@/lib/library/protocol';
import {
  authorisedUser,
  clockAheadAnswer,
  libraryError,
  privateAnswer,
  readPushBody,
} from '@/lib/library/route-helpers';
import { compactTombstonesDaily, deleteLibrary, pullChanges, pushChanges } from '@/lib/library/store';
import { forgetProfile } from '@/lib/profile/pages';
import { AppError } from '@/lib/server/errors';
import { intParam, parseQuery } from '@/lib/server/http';
import { serverLog } from '@/lib/server/log';
import { withRequestId } from '@/lib/server/request-id';

const log = serverLog('library');

export const dynamic = 'force-dynamic';

const pullQuery = z.object({ since: intParam(0, Number.MAX_SAFE_INTEGER) });

export const GET = withRequestId(async function GET(request: NextRequest) {
  try {
    const uid = await authorisedUser(request);
    const { since } = parseQuery(request, pullQuery);
    return privateAnswer(await pullChanges(await getDb(), uid, since ?? 0));
  } catch (error) {
    return libraryError(error);
  }
});

export const POST = withRequestId(async function POST(request: NextRequest) {
  try {
    const uid = await authorisedUser(request);
    const checked = validatePush(await readPushBody(request));
    if (!checked.ok && checked.code) return clockAheadAnswer(checked.message);
    if (!checked.ok) throw new AppError('INVALID_INPUT', checked.message);
    const db = await getDb();
    const answer = await pushChanges(db, uid, checked.body);
    const compact = () =>
      compactTombstonesDaily(db, uid).catch((error: unknown) =>
        log.warn({ err: error }, 'tombstone compaction failed'),
      );
    after(compact);
    return privateAnswer(answer);
  } catch (error) {
    return libraryError(error);
  }
});

export const DELETE = withRequestId(async function DELETE(request: NextRequest) {
  try {
    const uid = await authorisedUser(request);
    const answer = await deleteLibrary(await getDb(), uid);
    // The public profile is made of the synced data: it goes with it.
    await forgetProfile(uid);
    return privateAnswer(answer);
  } catch (error) {
    return libraryError(error);
  }
});
