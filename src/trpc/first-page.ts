// The first page each list asks for, by list: a page's server render prefetches that query and its
// client component reads the same one (same input, so the same query key), so the list is in the
// first render.
export const PAGE_SIZE = {
  customers: 25,
  projects: 25,
  invoices: 25,
  approvals: 25,
  auditEvents: 50,
  tasks: 50,
  timeLogs: 100,
  notices: 10,
  deliveries: 25,
  /** Pickers and forms that list everyone (members, customers for a new invoice). */
  all: 100,
} as const;

/** For `infiniteQueryOptions`: the next page's cursor while the server says there is more. */
export const pagedByCursor = {
  getNextPageParam: (page: { pagination: { hasMore: boolean; cursor?: string | null } }) => (page.pagination.hasMore ? (page.pagination.cursor ?? undefined) : undefined),
};
