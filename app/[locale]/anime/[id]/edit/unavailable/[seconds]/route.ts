import { unavailableRoute } from '@/lib/detail/unavailable-route';

// 'Anime não disponível' for /anime/{id}/edit: 503 with Retry-After (lib/detail/status-page.ts).
export const GET = unavailableRoute('edit');
export const HEAD = GET;
