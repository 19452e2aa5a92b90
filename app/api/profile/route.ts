// The signed-in fan's public profile (lib/profile): GET reads their own settings, PUT creates or
// changes it (handle, name, what is public), DELETE removes it. Only for a verified Google
// identity, only that user's row; answers are private. The public view is the page /u/{handle}.
import type { NextRequest } from 'next/server';
import { getDb } from '@/lib/db';
import { authorisedUser, libraryError, privateAnswer } from '@/lib/library/route-helpers';
import { MAX_PROFILE_BODY_BYTES, validateProfileInput, type ProfileInputProblem } from '@/lib/profile/input';
import { refreshProfilePages } from '@/lib/profile/pages';
import { deleteProfile, HandleTakenError, ownProfile, saveProfile } from '@/lib/profile/store';
import { AppError } from '@/lib/server/errors';
import { readJsonBody } from '@/lib/server/json-body';
import { withRequestId } from '@/lib/server/request-id';

export const dynamic = 'force-dynamic';

const PROBLEM_MESSAGES: Record<ProfileInputProblem | 'taken', string> = {
  invalid: 'Dados do perfil inválidos.',
  'handle-length': 'O nome de usuário deve ter de 3 a 30 caracteres.',
  'handle-characters': 'O nome de usuário aceita apenas letras sem acento, números, _ e -.',
  'handle-reserved': 'Este nome de usuário é reservado.',
  'name-length': 'O nome de exibição deve ter no máximo 50 caracteres.',
  'name-characters': 'O nome de exibição tem caracteres invisíveis ou de controle.',
  'name-markup': 'O nome de exibição não pode conter < ou >.',
  taken: 'Este nome de usuário já está em uso.',
};

function refused(problem: ProfileInputProblem | 'taken', status: number) {
  return privateAnswer(
    {
      error: { code: status === 409 ? 'HANDLE_TAKEN' : 'INVALID_INPUT', message: PROBLEM_MESSAGES[problem] },
      problem,
    },
    status,
  );
}

export const GET = withRequestId(async function GET(request: NextRequest) {
  try {
    const uid = await authorisedUser(request);
    return privateAnswer({ profile: await ownProfile(await getDb(), uid) });
  } catch (error) {
    return libraryError(error);
  }
});

export const PUT = withRequestId(async function PUT(request: NextRequest) {
  try {
    const uid = await authorisedUser(request);
    const body = await readJsonBody(request, MAX_PROFILE_BODY_BYTES);
    if ('problem' in body && body.problem === 'too-large') throw new AppError('PAYLOAD_TOO_LARGE');
    // An absent or malformed body is as invalid as a wrong one.
    const checked = validateProfileInput('value' in body ? body.value : undefined);
    if (!checked.ok) return refused(checked.problem, 400);
    const saved = await saveProfile(await getDb(), uid, checked.settings);
    refreshProfilePages(saved.touched);
    return privateAnswer({ profile: saved.settings });
  } catch (error) {
    if (error instanceof HandleTakenError) return refused('taken', 409);
    return libraryError(error);
  }
});

export const DELETE = withRequestId(async function DELETE(request: NextRequest) {
  try {
    const uid = await authorisedUser(request);
    const removed = await deleteProfile(await getDb(), uid);
    refreshProfilePages(removed);
    return privateAnswer({ deleted: removed.length > 0 });
  } catch (error) {
    return libraryError(error);
  }
});
