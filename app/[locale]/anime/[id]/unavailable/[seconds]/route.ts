import { unavailableRoute } from '@/lib/detail/unavailable-route';

// 'Anime não disponível' for /anime/{id}: 503 with Retry-After (lib/detail/status-page.ts).
export const GET = unavailableRoute('detail');
export const HEAD = GET;
