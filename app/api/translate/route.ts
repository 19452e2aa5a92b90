// POST /api/translate { text } – the text in Portuguese ({ text }), or unchanged if translation fails
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { AppError, toErrorResponse } from '@/lib/server/errors';
import { jsonResponse, parseOrThrow } from '@/lib/server/http';
import { MAX_TRANSLATE_LENGTH, translateToPortuguese } from '@/lib/translate';

export const dynamic = 'force-dynamic';

const bodySchema = z.object({ text: z.string().max(MAX_TRANSLATE_LENGTH) });
/** 5000 characters of JSON-escaped text (\uXXXX is 6 bytes each) plus the envelope. */
const MAX_BODY_BYTES = MAX_TRANSLATE_LENGTH * 6 + 1024;

export async function POST(request: NextRequest) {
  try {
    if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) {
      throw new AppError('INVALID_INPUT', 'Texto longo demais para traduzir.');
    }
    const raw = await request.text();
    if (raw.length > MAX_BODY_BYTES) throw new AppError('INVALID_INPUT', 'Texto longo demais para traduzir.');
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new AppError('INVALID_INPUT', 'O corpo da requisição deve ser JSON.');
    }
    const { text } = parseOrThrow(bodySchema, body, 'INVALID_INPUT');
    return jsonResponse({ text: await translateToPortuguese(text) }, { shared: false });
  } catch (error) {
    return toErrorResponse(error);
  }
}
