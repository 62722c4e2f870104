import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUser, AuditEvent, GatewayRoute, Health, VinculoConta } from '@cadastro/domain';
import { DEFAULT_PAGE_SIZE } from '@cadastro/domain';
import { HttpError, http, request } from '../../ui/http';
import { LIVE_DATA } from '../../ui/queries';

export const adminKeys = {
  users: ['admin', 'users'] as const,
  user: (login: string) => ['admin', 'user', login] as const,
};

export function useUsers(page: number, sort: string) {
  return useQuery({
    queryKey: [...adminKeys.users, page, sort],
    queryFn: async () => {
      const r = await request<AdminUser[]>('GET', '/api/users', undefined, { query: { page: page - 1, size: DEFAULT_PAGE_SIZE, sort } });
      return { rows: r.data, total: Number(r.headers.get('X-Total-Count') ?? 0) };
    },
    placeholderData: keepPreviousData,
    // Other administrators change users too.
    ...LIVE_DATA,
  });
}

/** One user; silent: the page shows the not-found state of a user that no longer exists. */
export const useUser = (login: string | undefined) =>
  useQuery({
    queryKey: adminKeys.user(login ?? ''),
    queryFn: ({ signal }) => http.get<AdminUser>(`/api/users/${encodeURIComponent(login!)}`, { silent: true, signal }),
    enabled: !!login,
    // Another administrator may change or delete the user meanwhile.
    ...LIVE_DATA,
  });

export const useAuthorities = () =>
  useQuery({ queryKey: ['admin', 'authorities'], queryFn: () => http.get<string[]>('/api/users/authorities'), staleTime: Infinity });

export function useAudits(fromDate: string, toDate: string, page: number, sort: string) {
  return useQuery({
    queryKey: ['admin', 'audits', fromDate, toDate, page, sort],
    queryFn: async () => {
      const r = await request<AuditEvent[]>('GET', '/management/audits', undefined, { query: { fromDate, toDate, page: page - 1, size: DEFAULT_PAGE_SIZE, sort } });
      return { rows: r.data, total: Number(r.headers.get('X-Total-Count') ?? 0) };
    },
    placeholderData: keepPreviousData,
    enabled: !!fromDate && !!toDate && fromDate <= toDate,
    // New events arrive all the time.
    ...LIVE_DATA,
  });
}

/** A 503 still carries the health body (§8): read it from the error. */
export const useHealth = () =>
  useQuery({
    queryKey: ['admin', 'health'],
    queryFn: async () => {
      try {
        return await http.get<Health>('/management/health', { silent: true });
      } catch (e) {
        if (e instanceof HttpError && e.status === 503 && e.bodyText) return JSON.parse(e.bodyText) as Health;
        throw e;
      }
    },
  });

export const useGatewayRoutes = () => useQuery({ queryKey: ['admin', 'gateway'], queryFn: () => http.get<GatewayRoute[]>('/api/gateway/routes/') });

export type MetricsSnapshot = {
  memory: Record<'heapUsed' | 'heapTotal' | 'rss' | 'external' | 'arrayBuffers', number>;
  eventLoop: { utilization: number; lagMeanMs: number; lagP50Ms: number; lagP99Ms: number; lagMaxMs: number };
  gc: Record<string, { count: number; seconds: number }>;
  http: { byStatus: Record<string, number>; endpoints: { endpoint: string; count: number; meanMs: number; maxMs: number }[] };
  activeResources: Record<string, number>;
  process: { uptimeSeconds: number; pid: number; node: string };
  database: { driver: string; description: string; pool: { total: number; idle: number; waiting: number } };
  disk: { path: string; total: number; free: number };
};
export const useMetrics = () => useQuery({ queryKey: ['admin', 'metrics'], queryFn: () => http.get<MetricsSnapshot>('/management/metrics') });

export type Dump = { note: string; handles: { type: string; isActive: boolean; isReferenced: boolean; address: string; details: Record<string, string> }[] };
export const fetchDump = () => http.get<Dump>('/management/dump');

/** The account's registry person and what it grants (users/{login}/pessoa); silent: the panel words its errors. */
export const useVinculo = (login: string) =>
  useQuery({
    queryKey: ['admin', 'vinculo', login],
    queryFn: ({ signal }) => http.get<VinculoConta>(`/api/users/${encodeURIComponent(login)}/pessoa`, { silent: true, signal }),
    ...LIVE_DATA,
  });
